#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Dispatch
import LinzaKit

/// `--no-cache` and `--cache-path`: where the scan cache is, and what invalidates it. `lint`
/// and `status`, which run on every build, read and write it; the writers and `export`
/// only read it (`WritingCommandOptions.plan`).
struct CacheOptions: ParsableArguments {
    @Flag(name: .long, help: "Scan every source file, without reading or writing the cache of earlier runs' scans.")
    var noCache = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder for this project's cache (default: one folder per project in $XDG_CACHE_HOME/linza, ~/.cache/linza or ~/Library/Caches/Linza).",
            valueName: "folder"))
    var cachePath: String?

    /// The cache of `configuration`'s project, or nil when it is off or there is nowhere to
    /// keep it (no home folder).
    /// With `watched`, the files' and folders' signatures come from the `linza watch`
    /// serving the project, when one does (`WatchClient`).
    func open(for configuration: Configuration, watched: Bool = false) -> ScanCache? {
        guard let path = path(for: configuration.file ?? configuration.baseDirectory) else { return nil }
        return Self.openCache(
            at: path, key: Self.key(configurationFile: configuration.file, in: configuration.baseDirectory),
            watched: watched)
    }

    /// The folder of `configuration`'s cache (where `linza watch` listens); nil when the
    /// cache is off or has nowhere to be.
    func folder(for configuration: Configuration) -> String? {
        path(for: configuration.file ?? configuration.baseDirectory).map(Path.parent)
    }

    private static func openCache(at path: String, key: UInt64, watched: Bool) -> ScanCache {
        guard watched else { return ScanCache(path: path, key: key) }
        // Asked while the cache file is read, which takes about as long as the answer.
        let answer = WatcherAnswer(cacheFolder: Path.parent(path))
        let cache = ScanCache(path: path, key: key)
        if let signatures = answer.value { cache.takeSignatures(from: signatures) }
        return cache
    }

    /// `open(for:)` of the configuration in `file` (nil: none, the defaults in the current
    /// folder), begun on another thread at once: reading and checking the cache file (6 ms
    /// on DuckDuckGo) then overlaps parsing the configuration (4 ms there). Nil when the
    /// cache is off or there is one core.
    func prefetch(configurationFile file: String?, watched: Bool = false) -> PrefetchedCache? {
        guard ProcessInfoCores.active > 1,
            let path = path(for: file ?? Path.currentDirectory())
        else { return nil }
        let folder = Path.currentDirectory()
        return PrefetchedCache {
            Self.openCache(at: path, key: Self.key(configurationFile: file, in: folder), watched: watched)
        }
    }

    /// `open(for:)`, taking `prefetched` when it is the cache that would open: the same file,
    /// made under the same key (the configuration's bytes as they are now).
    func open(for configuration: Configuration, prefetched: PrefetchedCache?, watched: Bool = false) -> ScanCache? {
        guard let cache = prefetched?.value,
            cache.path == path(for: configuration.file ?? configuration.baseDirectory),
            cache.key == Self.key(configurationFile: configuration.file, in: configuration.baseDirectory)
        else { return open(for: configuration, watched: watched) }
        return cache
    }

    /// Where the cache of the project whose configuration is at `origin` (or, without one,
    /// whose folder is `origin`) is kept; nil when it is off or has nowhere to be.
    private func path(for origin: String) -> String? {
        guard !noCache else { return nil }
        let folder: String
        if let cachePath {
            folder = Path.absolute(cachePath, relativeTo: Path.currentDirectory())
        } else {
            guard let shared = CacheLocation.sharedFolder(environment: Environment.values) else { return nil }
            // One folder per configuration file: two configurations of one project (the
            // developers' and CI's) would otherwise keep discarding each other's cache.
            folder = CacheLocation.projectFolder(for: origin, in: shared)
        }
        return Path.join(folder, CacheLocation.scanCacheName)
    }

    /// Writes what the run added to `cache`, and in the shared folder removes the caches of
    /// projects not linted for a while. Never fails the run: a cache that cannot be
    /// written is only slower next time.
    func close(_ cache: ScanCache?, configuration: Configuration) {
        guard let cache else { return }
        cache.save()
        if cachePath == nil, let shared = CacheLocation.sharedFolder(environment: Environment.values) {
            CacheLocation.tidy(shared: shared, project: Path.parent(cache.path), root: configuration.baseDirectory)
        }
    }

    /// What every record must have been made under: this build of Linza (its version, and
    /// the executable file itself, so that a rebuilt binary does not trust an older one's
    /// records) and the configuration file's path and contents (`ScanCache.key`; without
    /// one, the project's `folder`).
    static func key(configurationFile file: String?, in folder: String) -> UInt64 {
        var build = "\(LinzaVersion.current) \(BuildInfo.commit ?? "")"
        if let executable = executablePath(), let signature = FileSignature.of(executable) {
            build += " \(signature.size) \(signature.modified) \(signature.inode)"
        }
        return ScanCache.key(forConfigurationFile: file, in: folder, build: build)
    }

    private static func executablePath() -> String? {
        #if canImport(Darwin)
        var size = UInt32(PATH_MAX)
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
        #else
        return "/proc/self/exe"
        #endif
    }
}

/// A cache being opened on another thread (`CacheOptions.prefetch`).
final class PrefetchedCache: @unchecked Sendable {
    private let opened = DispatchSemaphore(value: 0)
    /// Set once, on the other thread, before `opened` is signalled.
    private var cache: ScanCache?

    init(_ open: @escaping @Sendable () -> ScanCache) {
        DispatchQueue.global().async {
            self.cache = open()
            self.opened.signal()
        }
    }

    /// The cache, once it is open (waits for it).
    var value: ScanCache? {
        opened.wait()
        defer { opened.signal() }
        return cache
    }
}

/// The `linza watch` answer for a cache folder (`WatchClient`), asked on another thread at
/// once; nil when no watcher answers.
private final class WatcherAnswer: @unchecked Sendable {
    private let answered = DispatchSemaphore(value: 0)
    /// Set once, on the other thread, before `answered` is signalled.
    private var signatures: WatchedSignatures?

    init(cacheFolder: String) {
        DispatchQueue.global().async {
            self.signatures = WatchClient.signatures(cacheFolder: cacheFolder)
            self.answered.signal()
        }
    }

    /// The answer, once it has come (waits for it).
    var value: WatchedSignatures? {
        answered.wait()
        defer { answered.signal() }
        return signatures
    }
}
