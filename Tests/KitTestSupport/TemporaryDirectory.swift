import Foundation
import Glibc

/// A fresh directory under /tmp (short, so socket paths fit in sun_path), removed on `remove()`.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    public init(prefix: String = "kit-test") throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw HarnessError("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Creates (with parents) and returns `path/name`.
    public func subdirectory(_ name: String, mode: mode_t = 0o700) throws -> String {
        let full = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: full, withIntermediateDirectories: true, attributes: [.posixPermissions: Int(mode)])
        return full
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A failure of the test harness itself (not of kit), with what went wrong.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
