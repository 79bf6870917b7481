import Foundation
import Glibc
import KitClient
import KitProtocol

/// One kit user for a test: temporary XDG directories, a real NOTIFY_SOCKET, optionally a
/// desktop session, and the real kitd and kitctl binaries.
public final class KitdHarness: @unchecked Sendable {
    public let root: TemporaryDirectory
    public let runtimeDirectory: String
    public let dataHome: String
    public let notify: NotifySocket
    public let desktop: DesktopSession?
    public private(set) var kitd: Subprocess?
    public var extraEnvironment: [String: String] = [:]
    /// A command kitd is started under (`unshare --time …`), its arguments first; empty for none.
    public var launcher: [String] = []

    /// `desktop`: nil for no session bus at all; otherwise the session kitd should use.
    public init(desktop: DesktopSession? = nil) throws {
        try Binaries.check()
        root = try TemporaryDirectory()
        runtimeDirectory = try root.subdirectory("run")
        dataHome = try root.subdirectory("data")
        notify = try NotifySocket(path: root.path + "/notify")
        self.desktop = desktop
    }

    public var socketPath: String { runtimeDirectory + "/kit/kitd.sock" }
    public var dataDirectory: String { dataHome + "/kit" }

    /// The environment kitd and kitctl run with. Without a desktop, the bus address points nowhere;
    /// and so does the sound server, unless a test starts one (`PulseAudioServer.environment`):
    /// kitd's sounds never reach a real sound card.
    public var environment: [String: String] {
        var env = [
            "PATH": "/usr/bin:/bin", "HOME": root.path, "XDG_RUNTIME_DIR": runtimeDirectory,
            "XDG_DATA_HOME": dataHome, "NOTIFY_SOCKET": notify.path, "TZ": "UTC", "LANG": "C.UTF-8",
            "CANBERRA_DRIVER": "pulse", "PULSE_SERVER": "unix:\(root.path)/no-pulse",
        ]
        env["DBUS_SESSION_BUS_ADDRESS"] = desktop?.busAddress ?? "unix:path=\(root.path)/no-bus"
        if let display = desktop?.display, !display.isEmpty { env["DISPLAY"] = display }
        env.merge(extraEnvironment) { $1 }
        return env
    }

    /// Starts kitd and waits for READY=1.
    @discardableResult
    public func startKitd(arguments: [String] = ["--log-level", "debug"], waitForReady: Bool = true) throws
        -> Subprocess
    {
        let readyBefore = notify.values(of: "READY").count
        let child = try Subprocess(
            launcher.first ?? Binaries.kitd,
            launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [Binaries.kitd] + arguments,
            environment: environment, outputDirectory: root.path, name: "kitd")
        kitd = child
        if waitForReady {
            let ready = Subprocess.waitUntil(timeout: .seconds(20)) {
                notify.values(of: "READY").count > readyBefore || !child.isRunning
            }
            guard ready, child.isRunning else {
                throw HarnessError(
                    "kitd did not become ready (exit \(child.wait(timeout: .seconds(1)).map(String.init) ?? "-")): \(child.stderr)"
                )
            }
        }
        return child
    }

    /// Sends `signal` to kitd and waits for it to exit; returns the exit status.
    @discardableResult
    public func stopKitd(signal: Int32 = SIGTERM) -> Int32? {
        guard let kitd else { return nil }
        kitd.signal(signal)
        let code = kitd.wait(timeout: .seconds(10))
        if code == nil { kitd.stop() }
        return code
    }

    /// Runs kitctl with `arguments`; `terminal` gives it a pseudo-terminal as stdin.
    public func kitctl(
        _ arguments: [String], stdin: Data? = nil, terminal: PseudoTerminal? = nil, timeout: Duration = .seconds(30)
    ) throws -> CommandResult {
        try Subprocess.run(
            Binaries.kitctl, arguments, environment: environment, outputDirectory: root.path, stdin: stdin,
            stdinPath: terminal?.slavePath, timeout: timeout)
    }

    /// Runs kitctl with `--json` and decodes what it prints.
    public func kitctlJSON<T: Decodable>(_ arguments: [String], as type: T.Type = T.self, stdin: Data? = nil) throws
        -> T
    {
        let result = try kitctl(arguments + ["--json"], stdin: stdin)
        guard result.exitCode == 0 else {
            throw HarnessError("kitctl \(arguments.joined(separator: " ")) failed: \(result)")
        }
        return try JSONDecoder().decode(T.self, from: Data(result.stdout.utf8))
    }

    /// A client connection, for checks that need the protocol itself.
    public func connect() throws -> KitConnection { try KitConnection.connect(to: socketPath) }

    /// The tests' own LOCPATH with `locale` (`ko_KR.UTF-8`) compiled into it by localedef, once
    /// for the test process (`CompiledLocales`); nothing system-wide.
    public func compileLocale(_ locale: String) throws -> String {
        try CompiledLocales.path(with: locale)
    }

    /// Runs kitd and kitctl under `locale`, compiled for them (`compileLocale`).
    public func useLocale(_ locale: String) throws {
        extraEnvironment["LOCPATH"] = try compileLocale(locale)
        extraEnvironment["LANG"] = locale
    }

    /// Runs kitd and kitctl in a fixed-offset zone in which it is now between 09:00 and 10:00
    /// (`Etc/GMT-11` at 22:00 UTC), so that a test of what is due "today" gives the same answer at
    /// any hour it runs: in UTC, a task due in 2 h is tomorrow's after 22:00.
    public func useZoneWhereItIsMorning() {
        let utcHour = Int(Date().timeIntervalSince1970 / 3600) % 24
        var east = (9 - utcHour + 24) % 24
        if east > 12 { east -= 24 }
        // The Etc zones' signs are POSIX's: Etc/GMT-11 is 11 hours east of UTC.
        extraEnvironment["TZ"] = east == 0 ? "Etc/UTC" : "Etc/GMT\(east > 0 ? "-" : "+")\(abs(east))"
    }

    /// Starts `kitctl events` in the background; read its lines with `EventStream`.
    public func events(_ filters: [String] = []) throws -> EventStream {
        let child = try Subprocess(
            Binaries.kitctl, ["events"] + filters, environment: environment, outputDirectory: root.path, name: "events")
        return EventStream(process: child)
    }

    /// Stops everything this harness started and removes its files.
    public func tearDown() {
        kitd?.stop()
        desktop?.stop()
        root.remove()
    }
}

/// The output of a running `kitctl events`, as decoded JSON-RPC notifications.
public final class EventStream: @unchecked Sendable {
    public struct Line: Sendable {
        public var method: String
        public var raw: String
        public func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try JSONDecoder().decode(EventParamsEnvelope<T>.self, from: Data(raw.utf8)).params
        }
    }

    public let process: Subprocess

    init(process: Subprocess) { self.process = process }

    public var lines: [Line] {
        process.stdout.split(separator: "\n").compactMap { raw in
            guard let data = raw.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let method = object["method"] as? String
            else { return nil }
            return Line(method: method, raw: String(raw))
        }
    }

    /// Waits until the subscription is live (kitctl has connected and subscribed).
    public func waitUntilSubscribed(socketOwner harness: KitdHarness) throws {
        // A probe timer event proves the subscription: start and cancel a throwaway timer.
        let probe = "probe-\(UUID().uuidString.prefix(6))"
        _ = try harness.kitctl(["timer", "start", "1h", "--name", probe])
        let seen = Subprocess.waitUntil(timeout: .seconds(10)) { lines.contains { $0.raw.contains(probe) } }
        _ = try harness.kitctl(["timer", "cancel", probe])
        if !seen {
            // The subscription may have come after the probe: retry once.
            _ = try harness.kitctl(["timer", "start", "1h", "--name", probe + "b"])
            let again = Subprocess.waitUntil(timeout: .seconds(10)) { lines.contains { $0.raw.contains(probe + "b") } }
            _ = try harness.kitctl(["timer", "cancel", probe + "b"])
            guard again else { throw HarnessError("kitctl events never delivered an event: \(process.stderr)") }
        }
    }

    @discardableResult
    public func waitFor(
        _ method: String, timeout: Duration = .seconds(10), where predicate: (Line) -> Bool = { _ in true }
    ) -> Line? {
        var found: Line?
        _ = Subprocess.waitUntil(timeout: timeout) {
            found = lines.first { $0.method == method && predicate($0) }
            return found != nil
        }
        return found
    }

    public func stop() { process.stop() }
}
