import Glibc

/// The daemon's one event loop: sd-event, run on the main thread, owning every source.
/// All daemon state is touched only from handlers this loop calls, so nothing needs a lock.
final class EventLoop {
    enum Clock {
        /// Counts through suspend and never jumps: countdowns.
        case boot
        /// The wall clock, which can be set: civil-time deadlines.
        case wall

        var id: Int32 {
            switch self {
            case .boot: CLOCK_BOOTTIME
            case .wall: CLOCK_REALTIME
            }
        }
    }

    /// Source priorities: lower runs first when several are pending in one turn.
    enum Priority {
        static let signal: Int64 = -20
        static let timer: Int64 = -10
        static let io: Int64 = 0
        /// After the turn's IO: a child's exit, so that the inotify events of what it wrote
        /// before it exited are taken first.
        static let afterIO: Int64 = 10
        /// After every pending request and timer of the turn: commit, then reply.
        static let flush: Int64 = 100
    }

    private let event: OpaquePointer

    init() throws(SystemError) {
        event = try Libsystemd.newEvent()
    }

    deinit { Libsystemd.unref(event: event) }

    func timer(
        clock: Clock, description: String, priority: Int64 = Priority.timer, _ handler: @escaping (UInt64) -> Void
    ) throws(SystemError) -> TimerSource {
        let box = CallbackBox { fire in
            if case .time(let usec) = fire { handler(usec) }
        }
        let pointer = try Libsystemd.addTime(event, clock: clock.id, box: box)
        Libsystemd.setPriority(pointer, priority)
        Libsystemd.setDescription(pointer, description)
        return TimerSource(pointer: pointer, box: box)
    }

    func io(
        fd: Int32, events: IOEvents, description: String, priority: Int64 = Priority.io,
        _ handler: @escaping (IOEvents) -> Void
    ) throws(SystemError) -> IOSource {
        let box = CallbackBox { fire in
            if case .io(let revents) = fire { handler(IOEvents(rawValue: revents)) }
        }
        let pointer = try Libsystemd.addIO(event, fd: fd, events: events.rawValue, box: box)
        Libsystemd.setPriority(pointer, priority)
        Libsystemd.setDescription(pointer, description)
        return IOSource(pointer: pointer, box: box)
    }

    func signal(_ number: Int32, _ handler: @escaping (Int32) -> Void) throws(SystemError) -> EventSource {
        let box = CallbackBox { fire in
            if case .signal(let signal) = fire { handler(signal) }
        }
        let pointer = try Libsystemd.addSignal(event, signal: number, box: box)
        Libsystemd.setPriority(pointer, Priority.signal)
        return EventSource(pointer: pointer, box: box)
    }

    /// Watches the directory at `path` with inotify: `handler` gets each event's file name (empty
    /// for the directory itself) and mask. Runs at IO priority.
    func watch(directory path: String, events: DirectoryEvents, _ handler: @escaping (String, DirectoryEvents) -> Void)
        throws(SystemError) -> EventSource
    {
        let box = CallbackBox { fire in
            if case .inotify(let name, let mask) = fire { handler(name, DirectoryEvents(rawValue: mask)) }
        }
        let pointer = try Libsystemd.addInotify(
            event, path: path, mask: events.rawValue | Libsystemd.inOnlyDirectory, box: box)
        Libsystemd.setPriority(pointer, Priority.io)
        Libsystemd.setDescription(pointer, "watch " + path)
        return EventSource(pointer: pointer, box: box)
    }

    /// A source that runs `handler` once per `trigger()`, after the turn's other pending sources.
    func deferred(description: String, priority: Int64 = Priority.flush, _ handler: @escaping () -> Void)
        throws(SystemError) -> DeferSource
    {
        let box = CallbackBox { _ in handler() }
        let pointer = try Libsystemd.addDefer(event, box: box)
        Libsystemd.setPriority(pointer, priority)
        Libsystemd.setDescription(pointer, description)
        return DeferSource(pointer: pointer, box: box)
    }

    /// Runs `handler` after any other source has run (several in one go may share one call):
    /// how something learns that the loop did anything at all.
    func afterEachDispatch(description: String, _ handler: @escaping () -> Void) throws(SystemError) -> EventSource {
        let box = CallbackBox { _ in handler() }
        let pointer = try Libsystemd.addPost(event, box: box)
        Libsystemd.setPriority(pointer, Priority.flush + 1)
        Libsystemd.setDescription(pointer, description)
        return EventSource(pointer: pointer, box: box)
    }

    /// Hands the sd-event loop itself to `attach`, for a library that dispatches from it (sd-bus).
    func attach<T>(_ attach: (OpaquePointer) throws(SystemError) -> T) throws(SystemError) -> T { try attach(event) }

    /// Lets sd-event ping the systemd watchdog when WATCHDOG_USEC is set. True when enabled.
    func enableWatchdog() -> Bool { Libsystemd.enableWatchdog(event) }

    /// Runs until `exit(code:)`; returns that code.
    func run() throws(SystemError) -> Int32 { try Libsystemd.loop(event) }

    func exit(code: Int32) { Libsystemd.exit(event, code: code) }

    /// One turn of the loop, waiting at most `timeout` microseconds (tests drive a daemon with it).
    @discardableResult
    func runOnce(timeout: UInt64) throws(SystemError) -> Bool { try Libsystemd.runOnce(event, timeout: timeout) }
}

/// The epoll bits an IO source watches for or reports.
struct IOEvents: OptionSet {
    let rawValue: UInt32
    static let readable = IOEvents(rawValue: Libsystemd.epollIn)
    static let writable = IOEvents(rawValue: Libsystemd.epollOut)
    static let error = IOEvents(rawValue: Libsystemd.epollErr)
    static let hangUp = IOEvents(rawValue: Libsystemd.epollHup)
}

/// The inotify bits a directory watch asks for or reports.
struct DirectoryEvents: OptionSet {
    let rawValue: UInt32
    /// A file was made (opened new, or linked in).
    static let created = DirectoryEvents(rawValue: Libsystemd.inCreate)
    /// A file opened for writing was closed.
    static let closedAfterWriting = DirectoryEvents(rawValue: Libsystemd.inCloseWrite)
    static let movedIn = DirectoryEvents(rawValue: Libsystemd.inMovedTo)
    static let movedOut = DirectoryEvents(rawValue: Libsystemd.inMovedFrom)
    static let deleted = DirectoryEvents(rawValue: Libsystemd.inDelete)
    static let directoryDeleted = DirectoryEvents(rawValue: Libsystemd.inDeleteSelf)
    static let directoryMoved = DirectoryEvents(rawValue: Libsystemd.inMoveSelf)
    /// The kernel's queue overflowed: events were lost, so look at everything again.
    static let overflowed = DirectoryEvents(rawValue: Libsystemd.inQueueOverflow)
    /// The watch is gone (its directory was removed).
    static let watchRemoved = DirectoryEvents(rawValue: Libsystemd.inIgnored)
}

/// One registered source. Dropping it disables and frees it.
class EventSource {
    let pointer: OpaquePointer
    private let box: CallbackBox

    init(pointer: OpaquePointer, box: CallbackBox) {
        self.pointer = pointer
        self.box = box
    }

    deinit { Libsystemd.release(pointer) }

    func disable() { Libsystemd.setEnabled(pointer, .off) }
    func enable() { Libsystemd.setEnabled(pointer, .on) }
}

final class TimerSource: EventSource {
    /// sd-event's default accuracy is 250 ms; kit asks for 1 µs so timers fire on time.
    static let accuracyMicroseconds: UInt64 = 1

    private var armedAt: UInt64?

    /// Whether it is armed and has not fired yet.
    var isArmed: Bool { armedAt != nil }

    /// When it fires, on its clock, in microseconds; nil when it is not armed.
    var armedAtMicroseconds: UInt64? { armedAt }

    /// Fires once at `microseconds` on the source's clock.
    func arm(atMicroseconds microseconds: UInt64) {
        if armedAt == microseconds { return }
        armedAt = microseconds
        Libsystemd.setTime(pointer, microseconds: microseconds, accuracy: Self.accuracyMicroseconds)
        Libsystemd.setEnabled(pointer, .oneshot)
    }

    func disarm() {
        guard armedAt != nil else { return }
        armedAt = nil
        disable()
    }

    /// Call from the handler: a oneshot source is off once it has fired.
    func markFired() { armedAt = nil }
}

final class IOSource: EventSource {
    private var events: IOEvents?

    func setEvents(_ newEvents: IOEvents) {
        guard newEvents != events else { return }
        events = newEvents
        Libsystemd.setIOEvents(pointer, newEvents.rawValue)
    }
}

final class DeferSource: EventSource {
    private(set) var isTriggered = false

    func trigger() {
        guard !isTriggered else { return }
        isTriggered = true
        Libsystemd.setEnabled(pointer, .oneshot)
    }

    /// Call at the start of the work it triggers, from the handler or inline: the work may
    /// trigger it again, and a pending run is no longer needed.
    func cancel() {
        guard isTriggered else { return }
        isTriggered = false
        disable()
    }
}
