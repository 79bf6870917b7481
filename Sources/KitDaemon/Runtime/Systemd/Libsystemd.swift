import CSystemd
import Glibc

/// Thin Swift wrappers over libsystemd (sd-event, sd-daemon) and the timerfd that sd-event watches
/// for clock jumps. The only file that imports CSystemd: everything above it sees Swift types.
///
/// sd-event handles are opaque C structs, so they arrive as `OpaquePointer`. Callbacks are global
/// `@convention(c)` functions (a closure in main.swift would be MainActor-isolated and crash on
/// the loop thread) that find their Swift handler through an unretained `CallbackBox` pointer.
enum Libsystemd {
    enum SourceMode: Int32 {
        case off = 0
        case on = 1
        case oneshot = -1
    }

    /// The socket types `UnixSocket` creates. They are read here, not there: CSystemd's headers
    /// include `<sys/socket.h>`, so the compiler may give `SOCK_*` to the CSystemd module, which
    /// only this file imports, and a file that imports Glibc alone would then not see them
    /// (whether it does depends on the order the compiler meets the files).
    static let streamSocket = Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue)
    static let nonBlockingStreamSocket = Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue)

    static func newEvent() throws(SystemError) -> OpaquePointer {
        var event: OpaquePointer?
        try check(sd_event_new(&event), "sd_event_new")
        return event!
    }

    static func unref(event: OpaquePointer) { _ = sd_event_unref(event) }

    static func addIO(_ event: OpaquePointer, fd: Int32, events: UInt32, box: CallbackBox) throws(SystemError)
        -> OpaquePointer
    {
        var source: OpaquePointer?
        try check(sd_event_add_io(event, &source, fd, events, ioTrampoline, box.pointer), "sd_event_add_io")
        return source!
    }

    /// A timer on `clock` (CLOCK_BOOTTIME or CLOCK_REALTIME), created disabled.
    static func addTime(_ event: OpaquePointer, clock: Int32, box: CallbackBox) throws(SystemError) -> OpaquePointer {
        var source: OpaquePointer?
        try check(
            sd_event_add_time(event, &source, clockid_t(clock), UInt64.max, 1, timeTrampoline, box.pointer),
            "sd_event_add_time")
        try check(sd_event_source_set_enabled(source, SourceMode.off.rawValue), "sd_event_source_set_enabled")
        return source!
    }

    /// A signal source. The caller blocks the signal in every thread first.
    static func addSignal(_ event: OpaquePointer, signal: Int32, box: CallbackBox) throws(SystemError)
        -> OpaquePointer
    {
        var source: OpaquePointer?
        try check(sd_event_add_signal(event, &source, signal, signalTrampoline, box.pointer), "sd_event_add_signal")
        return source!
    }

    /// An inotify watch of `path` for the events in `mask`, on the loop's own inotify fd.
    static func addInotify(_ event: OpaquePointer, path: String, mask: UInt32, box: CallbackBox) throws(SystemError)
        -> OpaquePointer
    {
        var source: OpaquePointer?
        try check(
            sd_event_add_inotify(event, &source, path, mask, inotifyTrampoline, box.pointer),
            "inotify_add_watch(\(path))")
        return source!
    }

    /// A deferred source, created disabled; enable it (oneshot) to run it on a coming loop turn.
    static func addDefer(_ event: OpaquePointer, box: CallbackBox) throws(SystemError) -> OpaquePointer {
        var source: OpaquePointer?
        try check(sd_event_add_defer(event, &source, deferTrampoline, box.pointer), "sd_event_add_defer")
        try check(sd_event_source_set_enabled(source, SourceMode.off.rawValue), "sd_event_source_set_enabled")
        return source!
    }

    /// A source sd-event runs after any other source has run, for as long as it is enabled.
    static func addPost(_ event: OpaquePointer, box: CallbackBox) throws(SystemError) -> OpaquePointer {
        var source: OpaquePointer?
        try check(sd_event_add_post(event, &source, deferTrampoline, box.pointer), "sd_event_add_post")
        return source!
    }

    static func setEnabled(_ source: OpaquePointer, _ mode: SourceMode) {
        _ = sd_event_source_set_enabled(source, mode.rawValue)
    }

    static func setTime(_ source: OpaquePointer, microseconds: UInt64, accuracy: UInt64) {
        _ = sd_event_source_set_time(source, microseconds)
        _ = sd_event_source_set_time_accuracy(source, accuracy)
    }

    static func setIOEvents(_ source: OpaquePointer, _ events: UInt32) {
        _ = sd_event_source_set_io_events(source, events)
    }

    static func setPriority(_ source: OpaquePointer, _ priority: Int64) {
        _ = sd_event_source_set_priority(source, priority)
    }

    static func setDescription(_ source: OpaquePointer, _ description: String) {
        _ = sd_event_source_set_description(source, description)
    }

    static func release(_ source: OpaquePointer) { _ = sd_event_source_disable_unref(source) }

    /// Runs the loop until `exit` is called; returns the exit code given to it.
    static func loop(_ event: OpaquePointer) throws(SystemError) -> Int32 {
        try check(sd_event_loop(event), "sd_event_loop")
    }

    static func exit(_ event: OpaquePointer, code: Int32) { _ = sd_event_exit(event, code) }

    /// Runs one iteration, waiting at most `timeout` microseconds; true if something was dispatched.
    static func runOnce(_ event: OpaquePointer, timeout: UInt64) throws(SystemError) -> Bool {
        try check(sd_event_run(event, timeout), "sd_event_run") > 0
    }

    /// The loop's cached time of the current iteration on `clock`, in microseconds.
    static func now(_ event: OpaquePointer, clock: Int32) -> UInt64 {
        var usec: UInt64 = 0
        _ = sd_event_now(event, clockid_t(clock), &usec)
        return usec
    }

    /// Lets sd-event send WATCHDOG=1 on its own when systemd asked for it. True when enabled.
    static func enableWatchdog(_ event: OpaquePointer) -> Bool { sd_event_set_watchdog(event, 1) > 0 }

    // MARK: epoll event bits, as sd_event_add_io takes them

    static let epollIn = UInt32(EPOLLIN.rawValue)
    static let epollOut = UInt32(EPOLLOUT.rawValue)
    static let epollErr = UInt32(EPOLLERR.rawValue)
    static let epollHup = UInt32(EPOLLHUP.rawValue)

    // MARK: inotify event bits

    static let inCreate = UInt32(IN_CREATE)
    static let inCloseWrite = UInt32(IN_CLOSE_WRITE)
    static let inMovedTo = UInt32(IN_MOVED_TO)
    static let inMovedFrom = UInt32(IN_MOVED_FROM)
    static let inDelete = UInt32(IN_DELETE)
    static let inDeleteSelf = UInt32(IN_DELETE_SELF)
    static let inMoveSelf = UInt32(IN_MOVE_SELF)
    static let inQueueOverflow = UInt32(IN_Q_OVERFLOW)
    static let inIgnored = UInt32(IN_IGNORED)
    static let inOnlyDirectory = UInt32(IN_ONLYDIR)

    // MARK: sd-daemon

    /// Sends a state string to $NOTIFY_SOCKET. Returns false when there is no socket.
    @discardableResult
    static func notify(_ state: String) -> Bool { sd_notify(0, state) > 0 }

    /// The number of sockets passed by socket activation (they start at fd 3).
    static func listenFDCount() -> Int32 { max(0, sd_listen_fds(1)) }

    static func isListeningUnixStream(_ fd: Int32) -> Bool {
        sd_is_socket_unix(fd, Int32(SOCK_STREAM.rawValue), 1, nil, 0) > 0
    }

    static let firstListenFD: Int32 = SD_LISTEN_FDS_START

    /// The watchdog interval systemd asked for, in microseconds, or nil.
    static func watchdogInterval() -> UInt64? {
        var usec: UInt64 = 0
        return sd_watchdog_enabled(0, &usec) > 0 ? usec : nil
    }

    // MARK: Clock changes

    static func makeClockChangeFD() throws(SystemError) -> Int32 {
        let fd = try check(kit_clock_change_fd_create(), "timerfd_create")
        try check(kit_clock_change_fd_arm(fd), "timerfd_settime")
        return fd
    }

    /// Seconds until the clock-change timerfd would expire on its own (it should never).
    static func clockChangeRemainingSeconds(_ fd: Int32) throws(SystemError) -> Int64 {
        let result = kit_timerfd_remaining_seconds(fd)
        if result < 0 { throw SystemError(operation: "timerfd_gettime", code: Int32(-result)) }
        return result
    }

    /// Drains the fd and re-arms it. True when the wall clock was set.
    static func consumeClockChange(_ fd: Int32) throws(SystemError) -> Bool {
        let result = kit_clock_change_fd_consume(fd)
        if result < 0 { throw SystemError(operation: "read(timerfd)", code: -result) }
        try check(kit_clock_change_fd_arm(fd), "timerfd_settime")
        return result == 1
    }

    // MARK: Waking the loop from another thread

    /// A non-blocking eventfd: another thread writes to it, and the loop, watching it, wakes.
    static func makeWakeFD() throws(SystemError) -> Int32 {
        while true {
            let fd = kit_wake_fd_create()
            if fd >= 0 { return fd }
            if errno != EINTR { throw SystemError.last("eventfd") }
        }
    }

    /// sd-event and timerfd calls return -errno (or -1 with errno set); map both to SystemError.
    @discardableResult
    private static func check(_ result: Int32, _ operation: String) throws(SystemError) -> Int32 {
        if result >= 0 { return result }
        throw SystemError(operation: operation, code: result == -1 ? errno : -result)
    }
}

// MARK: - Trampolines: C callbacks that hand control to the Swift handler.

private func ioTrampoline(
    _ source: OpaquePointer?, _ fd: Int32, _ revents: UInt32, _ userdata: UnsafeMutableRawPointer?
) -> Int32 {
    CallbackBox.fire(userdata, .io(revents: revents))
    return 0
}

private func timeTrampoline(_ source: OpaquePointer?, _ usec: UInt64, _ userdata: UnsafeMutableRawPointer?) -> Int32 {
    CallbackBox.fire(userdata, .time(microseconds: usec))
    return 0
}

private func signalTrampoline(
    _ source: OpaquePointer?, _ info: UnsafePointer<signalfd_siginfo>?, _ userdata: UnsafeMutableRawPointer?
) -> Int32 {
    CallbackBox.fire(userdata, .signal(Int32(bitPattern: info?.pointee.ssi_signo ?? 0)))
    return 0
}

private func inotifyTrampoline(
    _ source: OpaquePointer?, _ event: UnsafePointer<inotify_event>?, _ userdata: UnsafeMutableRawPointer?
) -> Int32 {
    guard let event else { return 0 }
    CallbackBox.fire(userdata, .inotify(name: String(cString: kit_inotify_name(event)), mask: event.pointee.mask))
    return 0
}

private func deferTrampoline(_ source: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?) -> Int32 {
    CallbackBox.fire(userdata, .deferred)
    return 0
}

extension Libsystemd {
    /// Sends one entry to the journal in its native protocol: each field `NAME=value`.
    /// Returns false when no journal takes it (kitd was not started by systemd).
    static func journalSend(_ fields: [String]) -> Bool {
        let buffers = fields.map { field -> UnsafeMutableRawBufferPointer in
            let bytes = Array(field.utf8)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
            buffer.copyBytes(from: bytes)
            return UnsafeMutableRawBufferPointer(rebasing: buffer[0..<bytes.count])
        }
        defer { for buffer in buffers { buffer.deallocate() } }
        var vectors = buffers.map { iovec(iov_base: $0.baseAddress, iov_len: $0.count) }
        return sd_journal_sendv(&vectors, Int32(vectors.count)) >= 0
    }
}
