import Glibc

/// Reads a whole file a command was given, as text to send to kitd.
enum FileText {
    /// The file's text; refuses a missing file, a file over `limit` bytes (kitd takes requests up
    /// to 1 MiB) and text that is not UTF-8.
    static func read(_ path: String, limit: Int = 900_000, what: String) throws -> String {
        guard let handle = fopen(path, "r") else {
            throw CLIError.usage("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count <= 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > limit {
                throw CLIError.usage(
                    "\(path) is over \(limit / 1000) KB; kit imports \(what) up to about \(limit / 1000) KB at a time")
            }
        }
        if ferror(handle) != 0 { throw CLIError.usage("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError.usage("\(path) is not UTF-8 text; save it as UTF-8 and try again")
        }
        return text
    }

    /// Writes `text` to `path`, replacing it.
    static func write(_ text: String, to path: String) throws {
        guard let handle = fopen(path, "w") else {
            throw CLIError.usage("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, handle)
        if fclose(handle) != 0 || written != bytes.count {
            throw CLIError.usage("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
