import Foundation
import Glibc
import KitClient
import KitProtocol
import KitTestSupport

/// A release kitd in a private directory, with its own NOTIFY_SOCKET read directly so the
/// moment READY=1 arrives can be timed without polling.
final class BenchDaemon {
    let root: TemporaryDirectory
    let runtime: String
    let dataHome: String
    /// Read continuously on its own thread, as systemd reads its notify socket.
    let notify: NotifySocket
    private(set) var process: Subprocess?
    var busAddress: String?
    /// More kitd arguments, e.g. `--config FILE`.
    var extraArguments: [String] = []
    /// More environment, e.g. a sound server's (`PulseAudioServer.environment`).
    var extraEnvironment: [String: String] = [:]
    /// A command kitd is started through (its path and arguments follow), e.g. one that gives it
    /// an /etc of its own.
    var launcher: [String] = []

    init() throws {
        root = try TemporaryDirectory(prefix: "kit-bench")
        runtime = try root.subdirectory("run")
        dataHome = try root.subdirectory("data")
        notify = try NotifySocket(path: root.path + "/notify")
    }

    deinit {
        process?.stop()
        root.remove()
    }

    var socketPath: String { runtime + "/kit/kitd.sock" }
    var databasePath: String { dataHome + "/kit/kit.sqlite" }

    /// Without a bus or a sound server of the figure's, both addresses point nowhere.
    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "HOME": root.path, "XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": dataHome,
            "NOTIFY_SOCKET": notify.path, "DBUS_SESSION_BUS_ADDRESS": busAddress ?? "unix:path=\(root.path)/no-bus",
            "CANBERRA_DRIVER": "pulse", "PULSE_SERVER": "unix:\(root.path)/no-pulse",
        ].merging(extraEnvironment) { $1 }
    }

    /// Starts kitd and returns the seconds from spawn to the arrival of READY=1, which must come
    /// within `limit` seconds.
    @discardableResult
    func start(cpu: Int? = nil, limit: Double = 30) throws -> Double {
        let seen = notify.timedMessages.count
        let began = monotonicSeconds()
        let child =
            if let cpu {
                try Subprocess(
                    "/usr/bin/taskset", ["-c", "\(cpu)", Binaries.kitd, "--log-level", "warning"] + extraArguments,
                    environment: environment,
                    outputDirectory: root.path, name: "kitd")
            } else {
                try Subprocess(
                    launcher.first ?? Binaries.kitd,
                    launcher.dropFirst() + (launcher.isEmpty ? [] : [Binaries.kitd]) + ["--log-level", "warning"]
                        + extraArguments, environment: environment, outputDirectory: root.path, name: "kitd")
            }
        process = child
        let deadline = began + limit
        while monotonicSeconds() < deadline {
            if let ready = notify.timedMessages.dropFirst(seen).first(where: { $0.text.contains("READY=1") }) {
                return ready.at - began
            }
            guard child.isRunning else { break }
            usleep(200)
        }
        throw HarnessError("kitd did not report READY=1: \(child.stderr)")
    }

    func stop() {
        process?.stop()
        process = nil
    }

    func connect() throws -> KitConnection { try KitConnection.connect(to: socketPath) }

    /// Starts and stops kitd `runs` times and returns the milliseconds to READY=1 of each start,
    /// and the RSS (MiB) of the last one after 2 s idle.
    func timeStarts(runs: Int) throws -> (times: [Double], rssMiB: Double) {
        var times: [Double] = []
        var rss = Double.nan
        for run in 0..<runs {
            times.append(try start() * 1000)
            if run == runs - 1 {
                Thread.sleep(forTimeInterval: 2)
                rss = ProcessProbe.rssMiB(pid: process!.pid)
            }
            stop()
        }
        return (times, rss)
    }

    /// Runs `kitctl ARGUMENTS` (or another program) against this daemon `runs` times, as a person
    /// would, and returns the whole-command times in milliseconds and what the last run printed.
    func timeKitctl(_ arguments: [String], runs: Int, executable: String = Binaries.kitctl) throws -> (
        times: [Double], output: String
    ) {
        var env = environment
        env.removeValue(forKey: "NOTIFY_SOCKET")
        var times: [Double] = []
        var output = ""
        for _ in 0..<runs {
            let began = monotonicSeconds()
            let child = try Subprocess(
                executable, arguments, environment: env, outputDirectory: root.path, name: "kitctl")
            guard child.waitBlocking() == 0 else {
                throw HarnessError("\(executable) \(arguments.joined(separator: " ")) failed: \(child.stderr)")
            }
            times.append((monotonicSeconds() - began) * 1000)
            output = child.stdout
        }
        return (times, output)
    }
}
