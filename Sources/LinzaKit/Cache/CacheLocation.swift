#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaBase

/// Where Linza keeps its caches: one folder per project root inside the platform's cache
/// folder (`$XDG_CACHE_HOME/linza`, else `~/.cache/linza` on Linux; `~/Library/Caches/Linza`
/// on macOS, or `$XDG_CACHE_HOME/linza` when that is set), or the folder `--cache-path`
/// names. The folders of projects not linted for `expiryDays` are removed.
public enum CacheLocation {
    /// The name of the scan cache file inside a project's cache folder.
    public static let scanCacheName = "scan.cache"
    /// A text file beside it naming the project root, for a person looking at the folder.
    public static let projectNoteName = "project"
    public static let expiryDays = 30

    /// The platform's folder for Linza's caches, from `environment`; nil without a home folder.
    public static func sharedFolder(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return Path.join(xdg, "linza") }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if canImport(Darwin)
        return Path.join(home, "Library/Caches/Linza")
        #else
        return Path.join(home, ".cache/linza")
        #endif
    }

    /// The cache folder of the project whose configuration folder is `root`, inside `shared`:
    /// the hash of the root's path, so that two checkouts of one project keep apart.
    public static func projectFolder(for root: String, in shared: String) -> String {
        let hash = StableHash.fnv1a(root)
        let hex = String(hash, radix: 16)
        return Path.join(shared, String(repeating: "0", count: 16 - hex.count) + hex)
    }

    /// Records which project a folder of `shared` belongs to, and removes the folders of
    /// `shared` whose scan cache has not been written for `expiryDays` (only the files Linza
    /// puts there; a folder holding anything else is left).
    public static func tidy(shared: String, project folder: String, root: String, now: Int64 = FileSignature.now()) {
        let note = Path.join(folder, projectNoteName)
        if (try? FileReader.read(note)) != Array((root + "\n").utf8) {
            try? AtomicFile.write(root + "\n", to: note)
        }
        guard let directory = opendir(shared) else { return }
        defer { closedir(directory) }
        let oldest = now - Int64(expiryDays) * 86_400 * 1_000_000_000
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.count == 16, name.allSatisfy(\.isHexDigit) else { continue }
            let candidate = Path.join(shared, name)
            guard candidate != folder, let cache = FileSignature.of(Path.join(candidate, scanCacheName)) ?? FileSignature.of(Path.join(candidate, projectNoteName)),
                  cache.modified < oldest else { continue }
            unlink(Path.join(candidate, scanCacheName))
            unlink(Path.join(candidate, projectNoteName))
            rmdir(candidate)
        }
    }
}
