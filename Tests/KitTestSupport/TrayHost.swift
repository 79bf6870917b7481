import Foundation
import Glibc

/// A panel's side of the tray, for tests: a StatusNotifierWatcher of the tests' own
/// (Fixtures/sni-watcher.py) on a test's session bus, and `busctl` to read what an item offers
/// and click its menu, as a host does. Stop it with `stop()`.
public final class TrayHost: @unchecked Sendable {
    public let busAddress: String
    private let directory: TemporaryDirectory
    private var watcher: Subprocess?
    private var monitor: Subprocess?

    public init(busAddress: String) throws {
        self.busAddress = busAddress
        directory = try TemporaryDirectory(prefix: "kit-tray")
    }

    /// Starts (or starts again) the watcher, and waits until it owns its name. `answering: false`:
    /// one that takes each registration and never replies (a hung panel).
    public func startWatcher(answering: Bool = true) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sni-watcher.py").path
        let child = try Subprocess(
            "/usr/bin/python3", [script] + (answering ? [] : ["--never-answer"]),
            environment: ["PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": busAddress],
            outputDirectory: directory.path, name: "watcher")
        watcher = child
        guard Wait.until(timeout: .seconds(10), { child.stdout.contains("watching") }) else {
            throw HarnessError("the tray watcher did not start: \(child.stderr)")
        }
    }

    /// Stops the watcher, as a panel that quits.
    public func stopWatcher() {
        watcher?.stop()
        watcher = nil
    }

    /// The current watcher's output: a line per registration (`registered SERVICE SENDER`, or
    /// `asked SERVICE` for one it never answers).
    public var output: String { watcher?.stdout ?? "" }

    /// The services that registered with the current watcher.
    public var registered: [String] {
        (watcher?.stdout ?? "").split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.count >= 2 && words[0] == "registered" ? String(words[1]) : nil
        }
    }

    /// `busctl call`, its reply as JSON (`--json=short`); throws with busctl's message when the
    /// call fails.
    public func call(
        _ service: String, _ path: String, _ interface: String, _ member: String, _ signature: String = "",
        _ arguments: [String] = []
    ) throws -> Any {
        let result = try busctl(
            ["call", service, path, interface, member] + (signature.isEmpty ? [] : [signature, "--"] + arguments))
        guard result.exitCode == 0 else {
            throw HarnessError(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // A call with no reply values prints nothing.
        guard !result.stdout.isEmpty else { return NSNull() }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Every property of `interface`, by name, each as busctl writes its value.
    public func properties(_ service: String, _ path: String, _ interface: String) throws -> [String: Any] {
        let reply = try call(service, path, "org.freedesktop.DBus.Properties", "GetAll", "s", [interface])
        let data = ((reply as? [String: Any])?["data"] as? [Any])?.first as? [String: Any] ?? [:]
        return data.compactMapValues { ($0 as? [String: Any])?["data"] }
    }

    /// The menu of `service` as a tree: each item's id, label and children.
    public func menu(_ service: String) throws -> MenuItem {
        let reply = try call(service, "/MenuBar", "com.canonical.dbusmenu", "GetLayout", "iias", ["0", "-1", "0"])
        guard let data = (reply as? [String: Any])?["data"] as? [Any], data.count == 2, let root = data[1] as? [Any],
            let item = MenuItem(root)
        else { throw HarnessError("GetLayout gave \(reply)") }
        return item
    }

    /// Sends a menu `Event` (`clicked` by default) for item `id`.
    public func event(_ service: String, _ id: Int, _ type: String = "clicked", data: String = "") throws {
        _ = try call(service, "/MenuBar", "com.canonical.dbusmenu", "Event", "isvu", ["\(id)", type, "s", data, "0"])
    }

    /// Starts dbus-monitor on the signals of the item's two objects; read them with `signals`.
    public func watchSignals() throws {
        let child = try Subprocess(
            "/usr/bin/dbus-monitor",
            [
                "--address", busAddress, "type='signal',path='/StatusNotifierItem'", "type='signal',path='/MenuBar'",
            ], environment: ["PATH": "/usr/bin:/bin"], outputDirectory: directory.path, name: "monitor")
        monitor = child
        guard Wait.until(timeout: .seconds(10), { child.stdout.contains("NameAcquired") }) else {
            throw HarnessError("dbus-monitor did not start: \(child.stderr)")
        }
    }

    /// The members of the signals seen so far (`LayoutUpdated`, `NewToolTip` …), in order.
    public var signals: [String] {
        (monitor?.stdout ?? "").split(separator: "\n").compactMap { line in
            guard line.hasPrefix("signal "), !line.contains("member=NameAcquired") else { return nil }
            return line.split(separator: " ").first { $0.hasPrefix("member=") }.map { String($0.dropFirst(7)) }
        }
    }

    public func stop() {
        stopWatcher()
        monitor?.stop()
        directory.remove()
    }

    private func busctl(_ arguments: [String]) throws -> CommandResult {
        try Subprocess.run(
            "/usr/bin/busctl", ["--address=\(busAddress)", "--json=short"] + arguments,
            environment: ["PATH": "/usr/bin:/bin"], outputDirectory: directory.path, timeout: .seconds(20))
    }

    /// One item of a dbusmenu layout.
    public struct MenuItem: Sendable {
        public var id: Int
        public var label: String?
        public var enabled: Bool
        public var children: [MenuItem]

        init?(_ node: [Any]) {
            guard node.count == 3, let id = node[0] as? Int, let properties = node[1] as? [String: Any],
                let children = node[2] as? [Any]
            else { return nil }
            self.id = id
            label = (properties["label"] as? [String: Any])?["data"] as? String
            enabled = ((properties["enabled"] as? [String: Any])?["data"] as? Bool) ?? true
            self.children = children.compactMap { (($0 as? [String: Any])?["data"] as? [Any]).flatMap(MenuItem.init) }
        }

        /// The first item, depth first, whose label starts with `prefix`.
        public func find(_ prefix: String) -> MenuItem? {
            if label?.hasPrefix(prefix) == true { return self }
            for child in children {
                if let found = child.find(prefix) { return found }
            }
            return nil
        }
    }
}
