import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("kitd as a service")
    struct DaemonLifecycleTests {
        @Test("READY=1 arrives with a STATUS line that follows the timers")
        func readyAndStatus() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(kit.notify.values(of: "READY") == ["1"])
            #expect(kit.notify.values(of: "STATUS").first == "idle: no timers")
            let started = try kit.kitctl(["timer", "start", "10m", "--name", "tea"])
            #expect(started.exitCode == 0, "\(started)")
            let status = kit.notify.waitFor("STATUS") { $0.hasPrefix("1 timer; next: tea at ") }
            #expect(status != nil, "STATUS lines: \(kit.notify.values(of: "STATUS"))")
        }

        @Test(
            "a start that works out the tasks' due times again tells systemd it is alive, and for longer, before READY=1"
        )
        func aliveWhileWorkingOutInstants() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["task", "add", "water plants", "--due", "2030-01-10 18:00"]).exitCode == 0)
            #expect(kit.stopKitd(signal: SIGTERM) == 0)
            // As a kit from before the instants were kept left its rows.
            let sqlite = try Subprocess.run(
                "/usr/bin/sqlite3",
                [kit.dataDirectory + "/kit.sqlite", "UPDATE task SET due_ns = NULL, fire_ns = NULL;"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: kit.root.path)
            #expect(sqlite.exitCode == 0, "\(sqlite.stderr)")
            let before = kit.notify.timedMessages.count
            try kit.startKitd()
            let messages = kit.notify.timedMessages.dropFirst(before).map(\.text)
            let ready = try #require(messages.firstIndex { $0.contains("READY=1") })
            let alive = messages.firstIndex { $0.contains("WATCHDOG=1") && $0.contains("EXTEND_TIMEOUT_USEC=") }
            #expect(alive.map { $0 < ready } == true, "\(messages)")
            #expect(messages.contains { $0.contains("STATUS=working out the tasks' due times: 1 so far") })
            let task = try kit.kitctlJSON(["task", "show", "water plants"], as: TaskInfo.self)
            #expect(task.dueAt == "2030-01-10T18:00:00.000000Z")
        }

        @Test("SIGTERM and SIGINT: STOPPING=1, socket file removed, exit 0", arguments: [SIGTERM, SIGINT])
        func stopsCleanly(signal: Int32) throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(FileManager.default.fileExists(atPath: kit.socketPath))
            #expect(kit.stopKitd(signal: signal) == 0)
            #expect(kit.notify.waitFor("STOPPING") == "1")
            #expect(!FileManager.default.fileExists(atPath: kit.socketPath))
        }

        @Test("the socket is 0600 inside a 0700 directory")
        func socketIsPrivate() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            var info = stat()
            #expect(lstat(kit.socketPath, &info) == 0)
            #expect(info.st_mode & S_IFMT == S_IFSOCK)
            #expect(info.st_mode & 0o777 == 0o600)
            #expect(lstat(kit.runtimeDirectory + "/kit", &info) == 0)
            #expect(info.st_mode & 0o777 == 0o700)
        }

        @Test("a second kitd is refused with exit 1 and the first keeps serving")
        func secondInstanceIsRefused() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let first = try kit.startKitd()
            let second = try Subprocess.run(
                Binaries.kitd, [], environment: kit.environment, outputDirectory: kit.root.path)
            #expect(second.exitCode == 1)
            #expect(second.stderr.contains("already running"), "\(second)")
            #expect(first.isRunning)
            #expect(try kit.kitctl(["status"]).exitCode == 0)
            // Another data directory on the same live socket is refused too.
            let otherData = try kit.root.subdirectory("other-data")
            var env = kit.environment
            env["XDG_DATA_HOME"] = otherData
            let third = try Subprocess.run(Binaries.kitd, [], environment: env, outputDirectory: kit.root.path)
            #expect(third.exitCode == 1 && third.stderr.contains("already running"), "\(third)")
        }

        @Test("a stale socket left by a crash is replaced")
        func staleSocketIsReplaced() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try FileManager.default.createDirectory(
                atPath: kit.runtimeDirectory + "/kit", withIntermediateDirectories: true)
            try leaveStaleSocket(at: kit.socketPath)
            try kit.startKitd()
            #expect(try kit.kitctl(["status"]).exitCode == 0)
            #expect(kit.kitd?.stderr.contains("replaced a stale socket") == true)
        }

        @Test("a path that is not a socket is refused, not deleted")
        func notASocketIsRefused() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try FileManager.default.createDirectory(
                atPath: kit.runtimeDirectory + "/kit", withIntermediateDirectories: true)
            try "precious".write(toFile: kit.socketPath, atomically: true, encoding: .utf8)
            let result = try Subprocess.run(
                Binaries.kitd, [], environment: kit.environment, outputDirectory: kit.root.path)
            #expect(result.exitCode == 1 && result.stderr.contains("is not a socket"), "\(result)")
            #expect(try String(contentsOfFile: kit.socketPath, encoding: .utf8) == "precious")
        }

        @Test("socket activation: kitd uses the socket systemd-socket-activate passes")
        func socketActivation() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let socket = kit.root.path + "/activated.sock"
            var arguments = ["-l", socket]
            for key in ["XDG_RUNTIME_DIR", "XDG_DATA_HOME", "NOTIFY_SOCKET", "DBUS_SESSION_BUS_ADDRESS", "HOME", "TZ"] {
                arguments += ["-E", "\(key)=\(kit.environment[key]!)"]
            }
            let activator = try Subprocess(
                "/usr/bin/systemd-socket-activate", arguments + [Binaries.kitd, "--log-level", "debug"],
                environment: kit.environment, outputDirectory: kit.root.path, name: "activate")
            defer { activator.stop() }
            #expect(Subprocess.waitUntil { FileManager.default.fileExists(atPath: socket) })
            // The first connection starts kitd; it must answer that very connection.
            let status = try kit.kitctl(["--socket", socket, "status", "--json"])
            #expect(status.exitCode == 0, "\(status)")
            #expect(status.stdout.contains(socket))
            #expect(kit.notify.waitFor("READY") == "1")
            #expect(activator.stderr.contains("using the socket passed by systemd"), "\(activator.stderr)")
            #expect(!FileManager.default.fileExists(atPath: kit.socketPath), "kitd bound its own socket too")
            activator.signal(SIGTERM)
            #expect(activator.wait(timeout: .seconds(10)) == 0)
            #expect(FileManager.default.fileExists(atPath: socket), "the activated socket belongs to systemd")
        }

        @Test("with WATCHDOG_USEC set, kitd pings WATCHDOG=1")
        func feedsTheWatchdog() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            kit.extraEnvironment["WATCHDOG_USEC"] = "400000"
            try kit.startKitd()
            #expect(Subprocess.waitUntil(timeout: .seconds(5)) { kit.notify.values(of: "WATCHDOG").count >= 2 })
        }
    }
}

/// Binds a Unix socket at `path` and closes it without unlinking: what a crashed kitd leaves.
func leaveStaleSocket(at path: String) throws {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        let bytes = Array(path.utf8)
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    close(fd)
    guard result == 0 else { throw HarnessError("could not create a stale socket at \(path)") }
}

extension Integration.DaemonLifecycleTests {
    @Test("a runtime directory others can read is made private again")
    func runtimeDirectoryIsMadePrivate() throws {
        let kit = try KitdHarness()
        defer { kit.tearDown() }
        let directory = kit.runtimeDirectory + "/kit"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, 0o755)
        try kit.startKitd()
        var info = stat()
        #expect(lstat(directory, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test("a runtime directory that is a symlink is refused")
    func symlinkedRuntimeDirectoryIsRefused() throws {
        let kit = try KitdHarness()
        defer { kit.tearDown() }
        let elsewhere = try kit.root.subdirectory("elsewhere")
        try FileManager.default.createSymbolicLink(
            atPath: kit.runtimeDirectory + "/kit", withDestinationPath: elsewhere)
        let result = try Subprocess.run(Binaries.kitd, [], environment: kit.environment, outputDirectory: kit.root.path)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("refusing to use") && result.stderr.contains("not a directory"), "\(result)")
    }
}
