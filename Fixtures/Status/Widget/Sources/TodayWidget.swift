import WidgetKit

struct TodayEntryView {
    let title = NSLocalizedString("widget.title", comment: "Widget title")
    let empty = NSLocalizedString("widget.empty", comment: "Widget without orders")
}
