/// The median and spread of repeated measurements.
struct Spread {
    var median: Double
    var minimum: Double
    var maximum: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        precondition(!sorted.isEmpty)
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
    }
}

/// Number formatting for the report, independent of the locale.
enum Figures {
    static func decimal(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        guard digits > 0 else { return grouped(scaled) }
        let whole = scaled / Int(scale)
        var fraction = String(abs(scaled % Int(scale)))
        while fraction.count < digits { fraction = "0" + fraction }
        return grouped(whole) + "." + fraction
    }

    /// `1234567` as `1 234 567` (a thin, unambiguous thousands separator).
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += " " }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    static func seconds(_ spread: Spread) -> String {
        "\(seconds(spread.median)) (\(seconds(spread.minimum))–\(seconds(spread.maximum)))"
    }

    static func seconds(_ value: Double) -> String {
        value < 1 ? decimal(value * 1000, digits: 0) + " ms" : decimal(value, digits: 2) + " s"
    }

    static func megabytes(_ bytes: Double) -> String {
        decimal(bytes / 1_000_000, digits: bytes < 10_000_000 ? 1 : 0) + " MB"
    }
}
