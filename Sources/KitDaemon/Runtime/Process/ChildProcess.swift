import CProcess
import Glibc
import KitCore

/// A shell command run as a child of kitd, in a process group of its own, with its standard
/// output and error going into one pipe and its standard input from /dev/null. The only file
/// that imports CProcess.
///
/// Nothing here blocks: the owner watches `exitFD` (a pidfd, readable once the child exits) and
/// `outputFD` (non-blocking) on the loop, calls `readOutput` and `reap`, and may `signal` the
/// whole group (a shell's children too) to stop it. A child still running when its owner lets go
/// is killed and reaped.
final class ChildProcess {
    /// How a child ended.
    enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    let exitFD: Int32
    let outputFD: Int32
    private(set) var termination: Termination?
    /// Whether the pipe reached its end: every process that held it is gone. It stays open (a
    /// loop source may still name it) until the child is let go.
    private var outputEnded = false

    private init(pid: pid_t, exitFD: Int32, outputFD: Int32) {
        self.pid = pid
        self.exitFD = exitFD
        self.outputFD = outputFD
    }

    deinit {
        if termination == nil {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            _ = try? retryingEINTR("waitpid") { waitpid(pid, &status, 0) }
        }
        close(exitFD)
        close(outputFD)
    }

    /// Starts `/bin/sh -c command`, with kitd's environment. Signals kitd blocks or ignores are
    /// unblocked and set to their defaults in the child, so it can be stopped as any program can.
    static func spawn(shellCommand command: String) throws(SystemError) -> ChildProcess {
        var pipeFDs: [Int32] = [-1, -1]
        try retryingEINTR("pipe2") { pipe2(&pipeFDs, O_CLOEXEC) }
        let (readEnd, writeEnd) = (pipeFDs[0], pipeFDs[1])
        defer { close(writeEnd) }
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
        guard result == 0 else {
            close(readEnd)
            throw SystemError(operation: "posix_spawn(/bin/sh)", code: result)
        }
        let exitFD = kit_pidfd_open(pid)
        guard exitFD >= 0 else {
            let error = SystemError.last("pidfd_open")
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            _ = try? retryingEINTR("waitpid") { waitpid(pid, &status, 0) }
            close(readEnd)
            throw error
        }
        return ChildProcess(pid: pid, exitFD: exitFD, outputFD: readEnd)
    }

    /// Reads what the child wrote so far into `tail`. False once the pipe is closed (every
    /// process that held it is gone).
    @discardableResult
    func readOutput(into tail: inout OutputTail) -> Bool {
        guard !outputEnded else { return false }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, $0.count) }
            if count > 0 {
                tail.append(buffer[0..<count])
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return true }
            outputEnded = true
            return false
        }
    }

    /// Collects the child's exit status once `exitFD` is readable; nil while it still runs.
    func reap() -> Termination? {
        if let termination { return termination }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        let ended: Termination =
            kit_exited(status) != 0 ? .exited(kit_exit_status(status)) : .signalled(kit_term_signal(status))
        termination = ended
        return ended
    }

    /// Sends `signal` to the child's process group: the shell and whatever it started.
    func signalGroup(_ signal: Int32) {
        guard termination == nil else { return }
        kill(-pid, signal)
    }
}

/// The last bytes a child wrote, at most `limit`: what a person needs to see why it failed.
struct OutputTail: Sendable {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var dropped = 0

    init(limit: Int) { self.limit = limit }

    mutating func append(_ more: ArraySlice<UInt8>) {
        bytes += more
        if bytes.count > limit {
            dropped += bytes.count - limit
            bytes.removeFirst(bytes.count - limit)
        }
    }

    /// The text, lossily decoded, trimmed of blank lines at the ends.
    var text: String {
        String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }
}
