import Glibc
import KitLocalization

/// kitctl's file and descriptor I/O: whole reads and writes that retry after EINTR.
enum FileText {
    /// Everything `fd` gives until end of file. With a `limit`, stops as soon as more than
    /// `limit` bytes have come (the caller sees `count > limit`). Nil on a read error (see errno).
    static func readAll(_ fd: Int32, limit: Int? = nil) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            if let limit, bytes.count > limit { return bytes }
        }
    }

    /// Writes all of `bytes`; false when the descriptor stops taking them (see errno).
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    /// A file's bytes, or nil when it cannot be opened or read (see errno).
    static func readBytes(_ path: String, limit: Int? = nil) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return readAll(fd, limit: limit)
    }

    /// A file a command was given, as text to send to kitd; refuses a missing file, a file over
    /// `limit` bytes (kitd takes requests up to 1 MiB) and text that is not UTF-8.
    static func read(_ path: String, limit: Int = 900_000, what: String) throws -> String {
        guard let bytes = readBytes(path, limit: limit) else {
            throw CLIError.usage(Localized.text("cannot read %1$s: %2$s", path, String(cString: strerror(errno))))
        }
        guard bytes.count <= limit else {
            throw CLIError.usage(
                Localized.text(
                    "%1$s is over %2$s KB; kit imports %3$s up to about %4$s KB at a time", path, "\(limit / 1000)",
                    what, "\(limit / 1000)"))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError.usage(Localized.text("%s is not UTF-8 text; save it as UTF-8 and try again", path))
        }
        return text
    }

    /// Writes `bytes` to `path`, replacing it, with `mode` for a new file. With `followLinks`
    /// false, a symbolic link at `path` is refused rather than written through.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644, followLinks: Bool = true) throws {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW)
        let fd = open(path, flags, mode)
        guard fd >= 0 else {
            throw CLIError.usage(Localized.text("cannot write %1$s: %2$s", path, String(cString: strerror(errno))))
        }
        defer { close(fd) }
        guard writeAll(fd, bytes) else {
            throw CLIError.usage(Localized.text("cannot write %1$s: %2$s", path, String(cString: strerror(errno))))
        }
    }
}
