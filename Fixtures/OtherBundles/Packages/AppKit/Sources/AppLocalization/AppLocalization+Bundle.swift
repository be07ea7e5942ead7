import Foundation

public enum AppLocalization {
    public static var bundle: Bundle {
        Bundle.module
    }
}

/// A class in this target, for `Bundle(for:)`.
public final class LocalizationToken {}
