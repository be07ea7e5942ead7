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
package enum CacheLocation {
    /// The name of the scan cache file inside a project's cache folder.
    package static let scanCacheName = "scan.cache"
    /// A text file beside it naming the project root, for a person looking at the folder.
    package static let projectNoteName = "project"
    package static let expiryDays = 30
    /// An empty file in the shared folder dated when its folders were last looked over.
    package static let sweepNoteName = "swept"

    /// The platform's folder for Linza's caches, from `environment`; nil without a home folder.
    package static func sharedFolder(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return Path.join(xdg, "linza") }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if canImport(Darwin)
        return Path.join(home, "Library/Caches/Linza")
        #else
        return Path.join(home, ".cache/linza")
        #endif
    }

    /// The cache folder, inside `shared`, of the project configured by the file `origin`
    /// (its folder when it has none): the hash of that path, so that two checkouts of one
    /// project, or two configurations of it, keep apart.
    package static func projectFolder(for origin: String, in shared: String) -> String {
        let hash = StableHash.fnv1a(origin)
        let hex = String(hash, radix: 16)
        return Path.join(shared, String(repeating: "0", count: 16 - hex.count) + hex)
    }

    /// Records which project a folder of `shared` belongs to (and that it was linted now),
    /// and, at most once a day, removes the folders of `shared` whose project has not been
    /// linted for `expiryDays`: only the files Linza puts there, in real folders (never
    /// through a link); a folder holding anything else is left.
    package static func tidy(shared: String, project folder: String, root: String, now: Int64 = FileSignature.now()) {
        let note = Path.join(folder, projectNoteName)
        // The note is touched on every run, written or not: a project linted daily but not
        // edited rewrites no cache, and must not look abandoned.
        if (try? FileReader.read(note)) != Array((root + "\n").utf8) {
            try? AtomicFile.replace(Array((root + "\n").utf8), at: note)
        } else {
            _ = utimensat(AT_FDCWD, note, nil, 0)
        }
        removeTemporaries(in: folder, olderThan: now - 3_600 * 1_000_000_000)
        // The other projects' folders are looked at once a day, not on every run: a run
        // would otherwise pay a few system calls for every project ever linted here.
        guard sweepIsDue(in: shared, now: now) else { return }
        let oldest = now - Int64(expiryDays) * 86_400 * 1_000_000_000
        for name in Path.entryNames(in: shared) {
            guard name.count == 16, name.allSatisfy(\.isHexDigit) else { continue }
            let candidate = Path.join(shared, name)
            var info = stat()
            guard candidate != folder, lstat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                continue
            }
            let written = [scanCacheName, projectNoteName].compactMap {
                FileSignature.of(Path.join(candidate, $0))?.modified
            }
            let expired = written.max().map { $0 < oldest } == true
            // A run killed while writing leaves its temporary file: gone after an hour, or
            // with its folder.
            removeTemporaries(in: candidate, olderThan: expired ? .max : now - 3_600 * 1_000_000_000)
            guard expired else { continue }
            unlink(Path.join(candidate, scanCacheName))
            unlink(Path.join(candidate, projectNoteName))
            rmdir(candidate)
        }
    }

    /// Whether the shared folder's last sweep, the time of its `sweepNoteName` file, is a
    /// day before `now` (or later than `now`, a clock set back); if so, dates it `now`.
    private static func sweepIsDue(in shared: String, now: Int64) -> Bool {
        let note = Path.join(shared, sweepNoteName)
        let day = Int64(86_400) * 1_000_000_000
        var info = stat()
        if lstat(note, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            let last = FileSignature.of(note)?.modified, last > now - day, last <= now
        {
            return false
        }
        guard (try? AtomicFile.replace([], at: note, synced: false)) != nil else { return true }
        var times = [timespec(tv_sec: Int(now / 1_000_000_000), tv_nsec: Int(now % 1_000_000_000))]
        times.append(times[0])
        _ = utimensat(AT_FDCWD, note, &times, AT_SYMLINK_NOFOLLOW)
        return true
    }

    /// Removes the temporary files (`.scan.cache.linza-<pid>`) that runs killed while writing
    /// left in `folder`, and their cookies for `linza watch`, when last changed before `time`.
    private static func removeTemporaries(in folder: String, olderThan time: Int64) {
        // A run killed while it asked `linza watch` leaves its cookie file too.
        let prefixes = [scanCacheName, projectNoteName].map { ".\($0).linza-" } + [WatchClient.cookiePrefix]
        for name in Path.entryNames(in: folder) where prefixes.contains(where: name.hasPrefix) {
            let path = Path.join(folder, name)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                let modified = FileSignature.of(path)?.modified, modified < time
            else { continue }
            unlink(path)
        }
    }

}
