import Glibc
import KitCore

/// One vdir collection: a directory of `.ics` files, one calendar item each, the format
/// vdirsyncer, khal and todoman share (vdirsyncer's "filesystem" storage). kitd keeps its tasks,
/// diary and memos in three of them, for vdirsyncer to sync with a CalDAV server.
///
/// A file's name is the item's UID when the UID is made of characters every file system and URL
/// take (letters, digits, `_ . - + @`), as `5b1c…@kit.ics`; otherwise a SHA-256 of the UID, so
/// that each UID has one name. Other programs may name files as they like: readers go by the
/// UID inside. A write is atomic (a temporary file in the same directory, then `rename`), so a
/// reader never sees half a file; it is not flushed to disk, since the database is the store of
/// record and kitd writes the collection again from it after a crash.
struct VdirCollection {
    let path: String

    /// Opens the collection at `path`, which must be a directory kitd can write.
    init(path: String) throws(DaemonStartError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .vdir(path: path, reason: "it does not exist; create it (mkdir -p \(path)) or point [vdir] elsewhere")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .vdir(path: path, reason: "it is not a directory; point [vdir] at a directory")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw .vdir(path: path, reason: "kitd cannot write in it; fix its permissions or point [vdir] elsewhere")
        }
        self.path = path
    }

    /// A collection kitd only reads (a watched calendar), unchecked: its reader says what is wrong.
    init(reading path: String) { self.path = path }

    /// The characters a UID may have to be its own file name.
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-+@")

    /// The file name kit gives the item with this UID.
    static func fileName(for uid: String) -> String {
        if !uid.isEmpty, uid.count <= 200, !uid.hasPrefix("."), uid.allSatisfy(safe.contains) { return uid + ".ics" }
        return hash(Array(uid.utf8)) + ".ics"
    }

    /// Writes `bytes` as the file `name` at once, if the file is still as kit last saw it: absent
    /// (`expected` nil: the new file is linked in, which fails if another program made one
    /// meanwhile), or with the hash `expected` (checked again just before the rename, so that a
    /// file another program put there while kit wrote its own is left for kit to read, not
    /// replaced). False, with nothing written, when it was not.
    func write(_ bytes: [UInt8], name: String, expected: String?) throws(SystemError) -> Bool {
        let temporary = path + "/." + name + ".kit-\(getpid()).tmp"
        let descriptor = try retryingEINTR("open(\(temporary))") {
            open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        }
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = SystemError.last("write(\(temporary))")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            rest = rest.dropFirst(written)
        }
        close(descriptor)
        let target = path + "/" + name
        guard let expected else {
            defer { unlink(temporary) }
            if link(temporary, target) == 0 { return true }
            if errno == EEXIST { return false }
            throw SystemError.last("link(\(temporary))")
        }
        let now: [UInt8]?
        do {
            now = try read(name: name)
        } catch {
            unlink(temporary)
            throw error
        }
        guard let now, Self.hash(now) == expected else {
            unlink(temporary)
            return false
        }
        guard rename(temporary, target) == 0 else {
            let error = SystemError.last("rename(\(temporary))")
            unlink(temporary)
            throw error
        }
        return true
    }

    /// Removes the file `name`; one already gone is no error.
    func remove(name: String) throws(SystemError) {
        let file = path + "/" + name
        if unlink(file) != 0 && errno != ENOENT { throw SystemError.last("unlink(\(file))") }
    }

    /// The most bytes of one item file kitd reads: a single VTODO or VJOURNAL is kilobytes.
    static let maximumItemBytes = 4 << 20

    /// Whether `name` is an item file: an `.ics` file that is not hidden (kitd's temporary files,
    /// and vdirsyncer's, start with a dot).
    static func isItem(_ name: String) -> Bool { !name.hasPrefix(".") && name.hasSuffix(".ics") && !name.contains("/") }

    /// The names of the collection's item files, sorted.
    func names() throws(SystemError) -> [String] {
        guard let directory = opendir(path) else { throw SystemError.last("opendir(\(path))") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if Self.isItem(name) { names.append(name) }
        }
        return names.sorted()
    }

    /// The bytes of the file `name`, nil when there is none. A file over `maximumItemBytes`
    /// comes with that many bytes and one more, for the reader to refuse.
    func read(name: String) throws(SystemError) -> [UInt8]? {
        try Self.contents(of: path + "/" + name, limit: Self.maximumItemBytes + 1)
    }

    /// SHA-256 of a file's bytes, in hex: what the ledger keeps.
    static func hash(_ bytes: [UInt8]) -> String {
        SHA256.hex(bytes)
    }

    /// The latest `LAST-MODIFIED` (a UTC date-time) of the file's components, else their latest
    /// `DTSTAMP`, read from the text without parsing the whole file: enough to tell whether the
    /// file is older than a version kit is about to write.
    static func lastModified(_ bytes: [UInt8]) -> WallTime? {
        var modified: WallTime?
        var stamped: WallTime?
        for line in bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            let isModified = line.starts(with: Array("LAST-MODIFIED".utf8))
            guard isModified || line.starts(with: Array("DTSTAMP".utf8)),
                let colon = line.firstIndex(of: UInt8(ascii: ":"))
            else { continue }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingWhitespace()
            guard let instant = ICalendarText.utcInstant(value) else { continue }
            if isModified {
                modified = max(modified ?? instant, instant)
            } else {
                stamped = max(stamped ?? instant, instant)
            }
        }
        return modified ?? stamped
    }

    /// A file's bytes, at most `limit` of them (enough to tell a file from a text of one byte
    /// less); nil when it went away meanwhile.
    private static func contents(of file: String, limit: Int = .max) throws(SystemError) -> [UInt8]? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw SystemError.last("open(\(file))")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError.last("read(\(file))")
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
            if bytes.count >= limit { return Array(bytes.prefix(limit)) }
        }
    }
}
