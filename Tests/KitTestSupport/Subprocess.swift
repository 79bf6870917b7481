import Foundation
import Glibc

/// What a finished command printed and how it exited.
public struct CommandResult: Sendable, CustomStringConvertible {
    public var exitCode: Int32
    public var stdout: String
    public var stderr: String

    public var description: String { "exit \(exitCode)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// A child process with its output in files, so it can never block on a full pipe.
///
/// Spawned with posix_spawn, with an empty signal mask and default signal dispositions (a test
/// thread blocks most signals, and a child must not inherit that), and reaped with waitpid on
/// its own pid.
public final class Subprocess: @unchecked Sendable {
    public let pid: pid_t
    public let stdoutPath: String
    public let stderrPath: String
    /// The file `stdin` was written to, when it was given as `Data`.
    private let madeStdin: String?
    private var status: Int32?

    public init(
        _ executable: String, _ arguments: [String], environment: [String: String], outputDirectory: String,
        name: String, stdin: Data? = nil, stdinPath: String? = nil
    ) throws {
        let tag = UUID().uuidString.prefix(8)
        stdoutPath = outputDirectory + "/\(name).\(tag).out"
        stderrPath = outputDirectory + "/\(name).\(tag).err"
        var stdinPath = stdinPath ?? "/dev/null"
        if let stdin {
            stdinPath = outputDirectory + "/\(name).\(tag).in"
            try stdin.write(to: URL(fileURLWithPath: stdinPath))
            madeStdin = stdinPath
        } else {
            madeStdin = nil
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw HarnessError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = waitpid(pid, nil, 0)
        }
    }

    public var isRunning: Bool { reap(block: false) == nil }

    public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    public func signal(_ number: Int32) {
        if status == nil { kill(pid, number) }
    }

    /// The exit code once it has exited: its status, or 128 + the signal that killed it.
    private func reap(block: Bool) -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, block ? 0 : WNOHANG)
        guard result == pid else { return nil }
        let signal = raw & 0x7f
        status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        return status
    }

    /// Blocks until it exits (for timing whole commands without polling).
    @discardableResult
    public func waitBlocking() -> Int32 {
        while true {
            if let code = reap(block: true) { return code }
        }
    }

    /// Waits for the exit; nil if it did not exit within `timeout`.
    @discardableResult
    public func wait(timeout: Duration = .seconds(20)) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let code = reap(block: false) { return code }
            if ContinuousClock.now >= deadline { return nil }
            Wait.pause(0.005)
        }
    }

    /// Stops it for good: SIGTERM, then SIGKILL after a grace period.
    public func stop(grace: Duration = .seconds(3)) {
        guard isRunning else { return }
        signal(SIGTERM)
        if wait(timeout: grace) == nil {
            signal(SIGKILL)
            wait(timeout: .seconds(5))
        }
    }

    /// Runs a command to completion.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], outputDirectory: String,
        stdin: Data? = nil, stdinPath: String? = nil, timeout: Duration = .seconds(30)
    ) throws -> CommandResult {
        let child = try Subprocess(
            executable, arguments, environment: environment, outputDirectory: outputDirectory,
            name: URL(fileURLWithPath: executable).lastPathComponent, stdin: stdin, stdinPath: stdinPath)
        defer { child.removeFiles() }
        guard let code = child.wait(timeout: timeout) else {
            child.stop()
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) did not finish within \(timeout)")
        }
        return CommandResult(exitCode: code, stdout: child.stdout, stderr: child.stderr)
    }

    /// Removes the files its output went to (and its input, when it was given as `Data`): `run`
    /// does once it has read them, so that a directory shared by many runs, such as /tmp, keeps
    /// none of them.
    public func removeFiles() {
        for path in [stdoutPath, stderrPath] + (madeStdin.map { [$0] } ?? []) {
            unlink(path)
        }
    }

    /// Polls until `condition` holds or `timeout` passes. Returns whether it held.
    public static func waitUntil(timeout: Duration = .seconds(10), _ condition: () throws -> Bool) rethrows -> Bool {
        try Wait.until(timeout: timeout, condition)
    }
}
