import Glibc

/// Runs another program to its end in the foreground (an editor, xdg-open).
enum ChildProcess {
    /// Why a program could not be run to its end.
    struct Failure: Error {
        /// The errno of the failed call.
        var code: Int32
        /// Whether the program had started (waiting for it failed) or could not be started.
        var started: Bool

        var reason: String { String(cString: strerror(code)) }
    }

    /// Runs `arguments` (the first is looked up on PATH) on kitctl's own terminal and returns its
    /// exit status, or 128 + the signal that ended it. The child starts with default signal
    /// handling and no signal blocked; kitctl ignores Ctrl-C meanwhile, so the child gets it.
    static func run(_ arguments: [String]) throws(Failure) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], nil, &attributes, argv, environ)
        guard result == 0 else { throw Failure(code: result, started: false) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(code: errno, started: true) }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
