import Glibc
import Synchronization

/// Ctrl-C as a flag that long-running commands poll, so they can restore the terminal and
/// explain what they leave behind instead of dying mid-line.
enum Interrupt {
    static func install() {
        signal(SIGINT, interruptHandler)
        signal(SIGTERM, interruptHandler)
        // A parent may have started us with these blocked (Foundation's Process passes its
        // thread's mask on); a blocked Ctrl-C would never reach the handler.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    static var happened: Bool { interruptFlag.load(ordering: .relaxed) }
}

private let interruptFlag = Atomic<Bool>(false)

private func interruptHandler(_ signal: Int32) {
    interruptFlag.store(true, ordering: .relaxed)
}
