import Foundation

/// Sample orders for SwiftUI previews; no target compiles it yet.
enum WidgetPreviewData {
    static let orders = ["Margherita", "Diavola"]
}
