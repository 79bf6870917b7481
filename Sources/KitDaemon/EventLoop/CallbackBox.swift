/// What woke an event source.
enum SourceFire {
    case io(revents: UInt32)
    case time(microseconds: UInt64)
    case signal(Int32)
    case deferred
}

/// Holds the Swift handler of one event source. The source's owner keeps it alive; the C side
/// only ever sees an unretained pointer to it.
final class CallbackBox {
    private let handler: (SourceFire) -> Void

    init(_ handler: @escaping (SourceFire) -> Void) { self.handler = handler }

    var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> CallbackBox {
        Unmanaged<CallbackBox>.fromOpaque(pointer!).takeUnretainedValue()
    }

    func fire(_ event: SourceFire) { handler(event) }
}
