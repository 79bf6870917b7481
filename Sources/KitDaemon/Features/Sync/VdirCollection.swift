import Crypto
import Glibc

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

    /// The characters a UID may have to be its own file name.
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-+@")

    /// The file name kit gives the item with this UID.
    static func fileName(for uid: String) -> String {
        if !uid.isEmpty, uid.count <= 200, !uid.hasPrefix("."), uid.allSatisfy(safe.contains) { return uid + ".ics" }
        let digest = SHA256.hash(data: Array(uid.utf8))
        return digest.map { byte in String(byte >> 4, radix: 16) + String(byte & 15, radix: 16) }.joined() + ".ics"
    }

    /// Writes `text` as the item `uid`, replacing its file at once.
    func write(_ text: String, uid: String) throws(SystemError) {
        let name = Self.fileName(for: uid)
        let temporary = path + "/." + name + ".kit-\(getpid()).tmp"
        let descriptor = try retryingEINTR("open(\(temporary))") {
            open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = SystemError.last("write(\(temporary))")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            bytes = bytes.dropFirst(written)
        }
        close(descriptor)
        guard rename(temporary, path + "/" + name) == 0 else {
            let error = SystemError.last("rename(\(temporary))")
            unlink(temporary)
            throw error
        }
    }

    /// Writes `text` as the item `uid` unless its file already holds exactly that: an unchanged
    /// file keeps its modification time, which vdirsyncer takes for its version. Whether it wrote.
    @discardableResult
    func update(_ text: String, uid: String) throws(SystemError) -> Bool {
        let bytes = Array(text.utf8)
        if try Self.contents(of: path + "/" + Self.fileName(for: uid), limit: bytes.count + 1) == bytes { return false }
        try write(text, uid: uid)
        return true
    }

    /// Removes the item `uid`'s file; one already gone is no error.
    func remove(uid: String) throws(SystemError) {
        let file = path + "/" + Self.fileName(for: uid)
        if unlink(file) != 0 && errno != ENOENT { throw SystemError.last("unlink(\(file))") }
    }

    /// The most bytes of one item file `items` reads: a single VTODO or VJOURNAL is kilobytes.
    static let maximumItemBytes = 4 << 20

    /// The collection's items: each `.ics` file's name and bytes, by name (hidden and temporary
    /// files left out). A file over `maximumItemBytes` comes with that many bytes and one more,
    /// for the reader to refuse.
    func items() throws(SystemError) -> [(name: String, bytes: [UInt8])] {
        guard let directory = opendir(path) else { throw SystemError.last("opendir(\(path))") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") && name.hasSuffix(".ics") { names.append(name) }
        }
        var result: [(name: String, bytes: [UInt8])] = []
        for name in names.sorted() {
            guard let bytes = try Self.contents(of: path + "/" + name, limit: Self.maximumItemBytes + 1) else {
                continue
            }
            result.append((name, bytes))
        }
        return result
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
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
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
