import WidgetKit

struct WidgetView {
    let title = NSLocalizedString("widget.title", value: "Next delivery", comment: "Widget title")
}
