import CMalloc
import Glibc

/// Process-wide settings the daemon makes before it starts any thread. The only file that
/// imports CMalloc.
enum ProcessSetup {
    /// Blocks the termination signals in this thread, and so in every thread started after it;
    /// sd-event then receives them through a signalfd on the loop thread.
    static func blockSignals(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Writing to a client that went away must be an error, not death.
    static func ignoreSIGPIPE() { signal(SIGPIPE, SIG_IGN) }

    /// Timer slack defaults to 50 µs; kit wants its wake-ups on time. Best effort.
    static func minimiseTimerSlack() {
        let fd = open("/proc/self/timerslack_ns", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = write(fd, "1", 1)
        close(fd)
    }

    /// Blocks of 256 KiB or more (a client's backlog of replies, a 1 MiB request line) get pages
    /// of their own, which go back to the system when freed. By default glibc raises that
    /// threshold after each big free, up to 32 MiB, and then keeps what such blocks freed: after
    /// one slow subscriber's 64 MiB backlog, kitd stayed 20 MB bigger for good.
    static func returnLargeBlocks() { _ = kit_mmap_threshold(256 << 10) }

    /// Gives the heap's free pages back to the system: after a burst (a slow subscriber's backlog
    /// of events, each its own small block) the heap keeps what it freed until trimmed. A few
    /// milliseconds for a heap of 100 MB: only after such a burst, and on the worker thread
    /// (glibc's malloc_trim locks each arena in turn; the loop goes on meanwhile).
    static func giveBackFreedMemory() { _ = kit_trim_heap() }

    /// Lets go of the pages of code and constants mapped from files (kitd's and its libraries'),
    /// which stay in the page cache for the next use to map again with a minor fault. About 2 ms
    /// (reading smaps): on the worker thread. Nothing is logged after it, since that would map
    /// the logger's code again.
    static func letGoOfFilePages() { _ = kit_let_go_of_file_pages() }

    /// Everything a kitd process sets up before it builds anything: SIGTERM, SIGINT and SIGHUP
    /// blocked (the loop takes them as sources), SIGPIPE ignored, the least timer slack, big freed blocks
    /// given back.
    static func prepareDaemon() {
        blockSignals([SIGTERM, SIGINT, SIGHUP])
        ignoreSIGPIPE()
        minimiseTimerSlack()
        returnLargeBlocks()
    }
}
