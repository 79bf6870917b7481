import Foundation
import Glibc

/// A real CalDAV server for a test: Radicale (Debian's python3-radicale) on a free localhost
/// port, with its storage in a temporary directory and one task list, `/kit/tasks/`, two journal
/// lists, `/kit/diary/` and `/kit/memos/`, and one calendar of events, `/kit/calendar/`, made
/// beforehand. Any user name and password is let in. `stop()` ends it.
///
/// A test plays a phone against it: `items` reads what the server holds (from its storage, as
/// the phone would GET it), `put` writes an item with an HTTP PUT, as a CalDAV client does.
public final class RadicaleServer: @unchecked Sendable {
    public let root: TemporaryDirectory
    public let port: UInt16
    private let process: Subprocess

    /// The task list's URL, for vdirsyncer's `caldav` storage.
    public var tasksURL: String { url("tasks") }

    /// The URL of the collection `tasks`, `diary`, `memos` or `calendar`.
    public func url(_ collection: String) -> String { "http://127.0.0.1:\(port)/kit/\(collection)/" }

    public init() throws {
        root = try TemporaryDirectory(prefix: "kit-radicale")
        do {
            for (name, component) in [
                ("tasks", "VTODO"), ("diary", "VJOURNAL"), ("memos", "VJOURNAL"), ("calendar", "VEVENT"),
            ] {
                let folder = try root.subdirectory("storage/collection-root/kit/" + name)
                try """
                {"C:supported-calendar-component-set": "\(component)", "D:displayname": "\(name)", "tag": "VCALENDAR"}
                """.write(toFile: folder + "/.Radicale.props", atomically: true, encoding: .utf8)
            }
            port = try Self.freePort()
            let config = """
                [server]
                hosts = 127.0.0.1:\(port)
                [auth]
                type = none
                [rights]
                type = owner_only
                [storage]
                filesystem_folder = \(root.path)/storage
                [logging]
                level = warning
                """
            try config.write(toFile: root.path + "/config", atomically: true, encoding: .utf8)
            process = try Subprocess(
                "/usr/bin/python3", ["-m", "radicale", "--config", root.path + "/config"],
                environment: ["PATH": "/usr/bin:/bin", "HOME": root.path, "LANG": "C.UTF-8"],
                outputDirectory: root.path, name: "radicale")
        } catch {
            root.remove()
            throw error
        }
        let process = process
        let port = port
        let listening = Subprocess.waitUntil(timeout: .seconds(20)) {
            Self.accepts(port: port) || !process.isRunning
        }
        guard listening, process.isRunning else {
            let log = process.stderr
            stop()
            throw HarnessError("Radicale did not start on port \(port): \(log)")
        }
    }

    /// The items of a collection as the server holds them: each file's name (its href) and text.
    public func items(_ collection: String) throws -> [String: String] {
        let folder = root.path + "/storage/collection-root/kit/" + collection
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasPrefix(".") {
            result[name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        return result
    }

    /// The href and text of the item of `collection` whose UID is `uid`.
    public func item(_ collection: String, uid: String) throws -> (name: String, text: String)? {
        try items(collection).first { $0.value.contains("UID:\(uid)\r\n") || $0.value.contains("UID:\(uid)\n") }
            .map { ($0.key, $0.value) }
    }

    /// Writes an item as a CalDAV client does: an HTTP PUT of its text to the collection's `name`.
    public func put(_ collection: String, name: String, text: String) throws {
        let script = """
            import sys, urllib.request
            data = sys.stdin.buffer.read()
            request = urllib.request.Request(sys.argv[1], data=data, method="PUT",
                headers={"Content-Type": "text/calendar; charset=utf-8"})
            with urllib.request.urlopen(request) as response:
                print(response.status)
            """
        let result = try Subprocess.run(
            "/usr/bin/python3", ["-c", script, url(collection) + name],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], outputDirectory: root.path,
            stdin: Data(text.utf8))
        guard result.exitCode == 0 else { throw HarnessError("PUT \(name) to Radicale: \(result)") }
    }

    /// Deletes an item as a CalDAV client does: an HTTP DELETE of the collection's `name`.
    public func delete(_ collection: String, name: String) throws {
        let script = """
            import sys, urllib.request
            with urllib.request.urlopen(urllib.request.Request(sys.argv[1], method="DELETE")) as response:
                print(response.status)
            """
        let result = try Subprocess.run(
            "/usr/bin/python3", ["-c", script, url(collection) + name],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], outputDirectory: root.path)
        guard result.exitCode == 0 else { throw HarnessError("DELETE \(name) from Radicale: \(result)") }
    }

    public func stop() {
        process.stop()
        root.remove()
    }

    /// A port nothing listens on now: the kernel's pick for a socket bound to port 0.
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw HarnessError("bind: \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    static func accepts(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
