import Foundation

struct WeatherFormatter {
    func title(for city: String) -> String {
        String(format: NSLocalizedString("weather.title", comment: "Weather in a city"), city)
    }

    var refresh: String { String(localized: "weather.refresh") }
}
