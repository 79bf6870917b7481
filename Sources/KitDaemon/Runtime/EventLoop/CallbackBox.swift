/// What woke an event source.
enum SourceFire {
    case io(revents: UInt32)
    case time(microseconds: UInt64)
    case signal(Int32)
    case deferred
    /// An inotify event: the name in the watched directory, and the event's mask.
    case inotify(name: String, mask: UInt32)
}

/// Holds the Swift handler of one event source. The source's owner keeps it alive; the C side
/// only ever sees an unretained pointer to it.
final class CallbackBox {
    private let handler: (SourceFire) -> Void

    init(_ handler: @escaping (SourceFire) -> Void) { self.handler = handler }

    var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Runs the handler of the box at `pointer`, keeping the box alive until the handler returns:
    /// a handler may free its own source (a client closed from its IO callback), which drops the
    /// source's reference to the box.
    static func fire(_ pointer: UnsafeMutableRawPointer?, _ event: SourceFire) {
        let box = Unmanaged<CallbackBox>.fromOpaque(pointer!).retain()
        defer { box.release() }
        box.takeUnretainedValue().handler(event)
    }
}
