import Foundation
import Glibc

/// A private desktop for one test: Xvfb, a session dbus-daemon with no service activation (so a
/// missing notification server stays missing), and optionally a notification server on both:
/// dunst, or GNOME's notification-daemon. Stop it with `stop()`.
public final class DesktopSession: @unchecked Sendable {
    /// The notification servers a test can run.
    public enum Server: Sendable {
        /// dunst: actions, markup, a history to read back (`dunstctl`); no `sound` capability.
        case dunst
        /// GNOME's notification-daemon, which advertises the `sound` capability.
        case notificationDaemon
    }

    public struct Notification: Equatable, Sendable {
        /// The server's id: it grows with every notification received.
        public var id: Int
        public var summary: String
        public var body: String
        public var appName: String
        public var urgency: String
    }

    public let busAddress: String
    public private(set) var display = ""
    private let directory: TemporaryDirectory
    private var xvfb: Subprocess?
    private var bus: Subprocess?
    public private(set) var dunst: Subprocess?
    private var notificationDaemon: Subprocess?
    private var monitor: Subprocess?
    private var dmenuScript: String?

    /// Starts the bus, and with `notificationServer` also Xvfb and `server`. `dmenuScript` becomes
    /// dunst's `dmenu`, which `dunstctl context` runs to pick an action.
    public init(notificationServer: Bool = true, server: Server = .dunst, dmenuScript: String? = nil) throws {
        directory = try TemporaryDirectory(prefix: "kit-desk")
        busAddress = "unix:path=\(directory.path)/bus"
        do {
            try start(notificationServer: notificationServer, server: server, dmenuScript: dmenuScript)
        } catch {
            stop()
            throw error
        }
    }

    private func start(notificationServer: Bool, server: Server, dmenuScript: String?) throws {
        try writeBusConfig()
        let path = directory.path
        let bus = try Subprocess(
            "/usr/bin/dbus-daemon", ["--config-file=\(path)/bus.conf", "--nofork"],
            environment: ["PATH": "/usr/bin:/bin"], outputDirectory: path, name: "dbus")
        self.bus = bus
        guard Subprocess.waitUntil(timeout: .seconds(10), { FileManager.default.fileExists(atPath: "\(path)/bus") })
        else {
            throw HarnessError("dbus-daemon did not start: \(bus.stderr)")
        }
        let monitor = try Subprocess(
            "/usr/bin/dbus-monitor",
            ["--address", busAddress, "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"],
            environment: ["PATH": "/usr/bin:/bin"], outputDirectory: path, name: "monitor")
        self.monitor = monitor
        guard Subprocess.waitUntil(timeout: .seconds(10), { monitor.stdout.contains("NameAcquired") }) else {
            throw HarnessError("dbus-monitor did not start: \(monitor.stderr)")
        }
        guard notificationServer else { return }
        let (xserver, number) = try Self.startXvfb(in: path)
        xvfb = xserver
        display = ":\(number)"
        switch server {
        case .dunst: try startDunst(dmenuScript: dmenuScript)
        case .notificationDaemon: try startNotificationDaemon()
        }
    }

    /// What a client of this desktop needs in its environment.
    public var environment: [String: String] {
        var env = ["DBUS_SESSION_BUS_ADDRESS": busAddress]
        if !display.isEmpty { env["DISPLAY"] = display }
        return env
    }

    /// Stops dunst and starts a new one on the same bus and display, as a crashed or restarted
    /// server comes back: a new unique name, numbering its popups from 1 again.
    public func restartDunst() throws {
        dunst?.stop()
        dunst = nil
        try startDunst(dmenuScript: dmenuScript)
    }

    /// The popups dunst shows now (`dunstctl count displayed`).
    public func displayedCount() throws -> Int {
        Int(try dunstctl(["count", "displayed"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    public func startDunst(dmenuScript: String? = nil) throws {
        self.dmenuScript = dmenuScript
        let config = """
            [global]
                history_length = 200
                sticky_history = yes
                idle_threshold = 0
                dmenu = \(dmenuScript ?? "/bin/false")
                mouse_left_click = close_current
            """
        try config.write(toFile: directory.path + "/dunstrc", atomically: true, encoding: .utf8)
        let child = try Subprocess(
            "/usr/bin/dunst", ["-config", directory.path + "/dunstrc"],
            environment: environment.merging(["PATH": "/usr/bin:/bin", "HOME": directory.path]) { $1 },
            outputDirectory: directory.path, name: "dunst")
        dunst = child
        guard Subprocess.waitUntil(timeout: .seconds(10), { (try? dunstctl(["count"]).exitCode) == 0 }) else {
            throw HarnessError("dunst did not come up: \(child.stderr)")
        }
    }

    /// Starts GNOME's notification-daemon, which says it plays sounds (`sound`) and shows
    /// actions; it keeps no history, so read what it got with `notifyCalls()`.
    public func startNotificationDaemon() throws {
        let child = try Subprocess(
            Self.notificationDaemonPath, [],
            environment: environment.merging(["PATH": "/usr/bin:/bin", "HOME": directory.path, "NO_AT_BRIDGE": "1"]) {
                $1
            },
            outputDirectory: directory.path, name: "notification-daemon")
        notificationDaemon = child
        let answering = Subprocess.waitUntil(timeout: .seconds(10)) {
            guard child.isRunning else { return true }
            let info = try? Subprocess.run(
                "/usr/bin/dbus-send",
                [
                    "--session", "--print-reply", "--dest=org.freedesktop.Notifications",
                    "/org/freedesktop/Notifications", "org.freedesktop.Notifications.GetServerInformation",
                ],
                environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }, outputDirectory: directory.path,
                timeout: .seconds(5))
            return info?.stdout.contains("Notification Daemon") == true
        }
        guard answering, child.isRunning else {
            throw HarnessError("notification-daemon did not come up: \(child.stderr)")
        }
    }

    /// Where Debian installs notification-daemon.
    public static let notificationDaemonPath = "/usr/lib/notification-daemon/notification-daemon"

    /// Runs dunstctl against this session.
    public func dunstctl(_ arguments: [String]) throws -> CommandResult {
        try Subprocess.run(
            "/usr/bin/dunstctl", arguments, environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
            outputDirectory: directory.path, timeout: .seconds(10))
    }

    /// Opens dunst's context menu (`dunstctl context`), whose dmenu picks a button, once dunst shows
    /// a popup. A Notify call is answered before dunst puts the popup on screen, so a menu opened at
    /// once, right after kitd said the popup was shown, could find none to offer.
    public func openContextMenu() throws -> CommandResult {
        _ = try Subprocess.waitUntil(timeout: .seconds(5)) { try displayedCount() > 0 }
        return try dunstctl(["context"])
    }

    /// Every notification dunst has received, in the order it received them: it closes the
    /// displayed ones so that they move to its history, then reads the history.
    public func notifications() throws -> [Notification] {
        _ = try dunstctl(["close-all"])
        let history = try dunstctl(["history"])
        guard history.exitCode == 0, let data = history.stdout.data(using: .utf8),
            let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let groups = root["data"] as? [[[String: Any]]]
        else { throw HarnessError("cannot read dunstctl history: \(history)") }
        func field(_ entry: [String: Any], _ key: String) -> String {
            guard let wrapped = entry[key] as? [String: Any], let value = wrapped["data"] else { return "" }
            return "\(value)"
        }
        return groups.flatMap { $0 }.map {
            Notification(
                id: Int(field($0, "id")) ?? 0, summary: field($0, "summary"), body: field($0, "body"),
                appName: field($0, "appname"), urgency: field($0, "urgency"))
        }.sorted { $0.id < $1.id }
    }

    /// Waits for a notification whose summary contains `text`.
    public func waitForNotification(summaryContaining text: String, timeout: Duration = .seconds(10)) throws
        -> Notification?
    {
        var found: Notification?
        _ = try Subprocess.waitUntil(timeout: timeout) {
            found = try notifications().first { $0.summary.contains(text) }
            return found != nil
        }
        return found
    }

    /// Every Notify call a server received on this bus, as dbus-monitor printed it, with runs of
    /// white space folded to one space: `string "kit" uint32 0 string "appointment-soon" ...`.
    public func notifyCalls() -> [String] {
        guard let output = monitor?.stdout else { return [] }
        return output.components(separatedBy: "method call ").dropFirst().map { block in
            block.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        }
    }

    public func stop() {
        monitor?.stop()
        monitor = nil
        dunst?.stop()
        notificationDaemon?.stop()
        notificationDaemon = nil
        bus?.stop()
        xvfb?.stop()
        dunst = nil
        bus = nil
        xvfb = nil
        directory.remove()
    }

    private func writeBusConfig() throws {
        let template = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/session-bus.conf"), encoding: .utf8)
        let config = template.replacingOccurrences(of: "@LISTEN@", with: busAddress)
        try config.write(toFile: directory.path + "/bus.conf", atomically: true, encoding: .utf8)
    }

    /// Starts Xvfb on the first free display number from a random start.
    private static func startXvfb(in directory: String) throws -> (Subprocess, Int) {
        for _ in 0..<20 {
            let number = Int.random(in: 100...899)
            let socket = "/tmp/.X11-unix/X\(number)"
            if FileManager.default.fileExists(atPath: socket)
                || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            {
                continue
            }
            let child = try Subprocess(
                "/usr/bin/Xvfb", [":\(number)", "-nolisten", "tcp", "-screen", "0", "1280x800x24"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: directory, name: "xvfb")
            if Subprocess.waitUntil(
                timeout: .seconds(10), { FileManager.default.fileExists(atPath: socket) || !child.isRunning }),
                child.isRunning
            {
                return (child, number)
            }
            child.stop()
        }
        throw HarnessError("could not start Xvfb on a free display")
    }
}
