// A dependency of SharedUI and MacSupport: embedded through them by both apps.
public enum Titles {
    public static func decorated(_ title: String) -> String { "· " + title + " ·" }
}
