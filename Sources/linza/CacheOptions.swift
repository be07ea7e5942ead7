#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import LinzaKit

/// `--no-cache` and `--cache-path`, for the commands that run on every build (`lint`,
/// `status`) and `export --include-missing`: where their scan cache is, and what
/// invalidates it.
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
    func open(for configuration: Configuration) -> ScanCache? {
        guard !noCache else { return nil }
        let folder: String
        if let cachePath {
            folder = Path.absolute(cachePath, relativeTo: Path.currentDirectory())
        } else {
            guard let shared = CacheLocation.sharedFolder(environment: Environment.values) else { return nil }
            // One folder per configuration file: two configurations of one project (the
            // developers' and CI's) would otherwise keep discarding each other's cache.
            folder = CacheLocation.projectFolder(for: configuration.file ?? configuration.baseDirectory, in: shared)
        }
        return ScanCache(path: Path.join(folder, CacheLocation.scanCacheName), key: Self.key(configuration))
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
    /// records) and the configuration file's contents (`ScanCache.key`).
    static func key(_ configuration: Configuration) -> UInt64 {
        var build = "\(LinzaVersion.current) \(BuildInfo.commit ?? "")"
        if let executable = executablePath(), let signature = FileSignature.of(executable) {
            build += " \(signature.size) \(signature.modified) \(signature.inode)"
        }
        return ScanCache.key(for: configuration, build: build)
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
