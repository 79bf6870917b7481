import Glibc
import KitCore
import KitProtocol

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a text goes when it cannot be saved: a private file under kit's data directory
/// (`$XDG_DATA_HOME/kit/recovery/`, the directory kitd keeps its database in), never lost.
enum RecoveryFile {
    static var directory: String {
        let environment = ProcessInfo.processInfo.environment
        let home =
            environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } } ?? "/tmp"
        return SocketPath.dataDirectory(explicit: nil, environment: environment, home: home) + "/recovery"
    }

    /// When standard input is a recovery file (`kitctl memo add < ~/.local/share/kit/recovery/…`,
    /// as kitctl said to retry) and its text is now saved: removes it, and returns its path.
    static func removeIfRestoredFromStdin() -> String? {
        var link = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/fd/0", &link, link.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: link[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var info = stat()
        let tmp = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        // Its own directory, or the temporary one it falls back to (a name it makes: `memo-….md`).
        let inRecovery =
            path.hasPrefix(directory + "/")
            || (path.hasPrefix(tmp + "/") && name.hasSuffix(".md")
                && (name.hasPrefix("memo-") || name.hasPrefix("diary-entry-")))
        guard inRecovery, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, unlink(path) == 0 else {
            return nil
        }
        return path
    }

    /// Writes `text` to a new file (0600) and returns its path, or nil if no file could be made.
    static func keep(_ text: String, kind: String) -> String? { keep(bytes: Array(text.utf8), kind: kind) }

    static func keep(bytes: [UInt8], kind: String) -> String? {
        let slug = ExportFileName.slug(kind)
        for base in [directory, (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")] {
            guard makeDirectories(base) else { continue }
            let stamp = timestamp()
            for attempt in 0..<100 {
                let path = base + "/\(slug)-\(stamp)" + (attempt == 0 ? "" : "-\(attempt)") + ".md"
                let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
                if fd < 0 && errno == EEXIST { continue }
                guard fd >= 0 else { break }
                let written = FileText.writeAll(fd, bytes) && fsync(fd) == 0
                close(fd)
                if written { return path }
                unlink(path)
                break
            }
        }
        return nil
    }

    /// `mkdir -p` with mode 0700 for what it creates.
    private static func makeDirectories(_ path: String) -> Bool {
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
        }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `20261122-104455`, local time.
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }
}
