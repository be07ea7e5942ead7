import Foundation

/// Texts carry %0, %1 for the values; they are filled in order, never through String(format:).
public func localizedString(_ key: String, _ params: String..., comment: String = "") -> String {
    var string = NSLocalizedString(key, comment: comment)
    for (index, param) in params.enumerated() {
        string = string.replacingOccurrences(of: "%\(index)", with: param)
    }
    return string
}
