import CCanberra
import Foundation
import KitCore
import Synchronization

/// Plays popups' sounds through libcanberra, for notification servers that do not play them
/// (no `sound` capability; see `SoundRoute`). The only file that imports CCanberra.
///
/// Sounds play on a thread of their own, so a slow sound server delays neither the loop nor the
/// popups. libcanberra's `ca_context_play_full` returns once the stream has started (a few
/// milliseconds; the sound plays on in the sound server). The context is opened at the first
/// sound, kept for the next ones, and opened again after the sound server went away: a sound
/// device that appears later is used from then on. What became of each sound goes back
/// through `deliver` for the log.
final class SoundPlayer: @unchecked Sendable {
    private struct Request {
        var sound: PopupSound
        var subject: any PopupSubject
        var description: String
        var requestedAt: BootTime
    }

    private struct Queue {
        var requests: [Request] = []
        var stopped = false
    }

    private let deliver: @Sendable (PopupOutcome) -> Void
    private let monotonic: @Sendable () -> BootTime
    private let queue = Mutex(Queue())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var started = false

    // Touched only on the sound thread.
    private var context: OpaquePointer?
    private var nextID: UInt32 = 1

    init(monotonic: @escaping @Sendable () -> BootTime, deliver: @escaping @Sendable (PopupOutcome) -> Void) {
        self.monotonic = monotonic
        self.deliver = deliver
    }

    deinit {
        if let context { ca_context_destroy(context) }
    }

    func start() {
        started = true
        let thread = Thread { [self] in
            while let request = next() { play(request) }
            finished.signal()
        }
        thread.name = "kit-sound"
        thread.start()
    }

    /// Queues `sound` for `subject`'s popup; safe from any thread. `description` (the popup's
    /// summary) is what a sound server shows for the stream.
    func play(_ sound: PopupSound, for subject: any PopupSubject, description: String, requestedAt: BootTime) {
        queue.withLock {
            $0.requests.append(
                Request(sound: sound, subject: subject, description: description, requestedAt: requestedAt))
        }
        wake.signal()
    }

    /// Ends the sound thread, waiting at most `timeout` seconds for the sound being started.
    /// Sounds already playing are cut when the context is freed, with kitd.
    func stop(timeout: Double = 1) {
        queue.withLock { $0.stopped = true }
        wake.signal()
        if started { _ = finished.wait(timeout: .now() + timeout) }
    }

    // MARK: Sound thread

    private func next() -> Request? {
        while true {
            let taken: Request?? = queue.withLock { queue in
                if queue.stopped { return .some(nil) }
                return queue.requests.isEmpty ? nil : .some(queue.requests.removeFirst())
            }
            if let taken { return taken }
            wake.wait()
        }
    }

    private func play(_ request: Request) {
        var code = start(request)
        if code == Int32(CA_ERROR_DISCONNECTED) || code == Int32(CA_ERROR_STATE) {
            // The sound server went away (restarted, or the session ended): open it again.
            close()
            code = start(request)
        }
        let outcome: SoundOutcome
        switch Int(code) {
        case CA_SUCCESS:
            outcome = .started(latency: monotonic() - request.requestedAt)
        case CA_ERROR_NOTFOUND, CA_ERROR_CORRUPT, CA_ERROR_ACCESS:
            outcome = .notFound(request.sound.choice, Self.describe(code))
        case CA_ERROR_NODRIVER, CA_ERROR_NOTAVAILABLE, CA_ERROR_DISCONNECTED, CA_ERROR_NOTSUPPORTED:
            close()
            outcome = .noDevice(Self.describe(code))
        default:
            outcome = .failed(Self.describe(code))
        }
        deliver(.sound(subject: request.subject, outcome: outcome))
    }

    /// Starts the stream; libcanberra's result code.
    private func start(_ request: Request) -> Int32 {
        let opened = open()
        guard let context, opened == CA_SUCCESS else { return Int32(opened) }
        var properties: OpaquePointer?
        guard ca_proplist_create(&properties) == CA_SUCCESS, let properties else { return Int32(CA_ERROR_OOM) }
        defer { ca_proplist_destroy(properties) }
        switch request.sound.choice {
        case .theme(let name): ca_proplist_sets(properties, CA_PROP_EVENT_ID, name)
        case .file(let path): ca_proplist_sets(properties, CA_PROP_MEDIA_FILENAME, path)
        case .off: return Int32(CA_SUCCESS)
        }
        ca_proplist_sets(properties, CA_PROP_EVENT_DESCRIPTION, request.description)
        ca_proplist_sets(properties, CA_PROP_MEDIA_ROLE, "event")
        ca_proplist_sets(properties, CA_PROP_CANBERRA_VOLUME, String(format: "%.2f", request.sound.decibels))
        let id = nextID
        nextID &+= 1
        return ca_context_play_full(context, id, properties, nil, nil)
    }

    /// Opens the context if it is not open; libcanberra's result code.
    private func open() -> Int {
        if context != nil { return CA_SUCCESS }
        var created: OpaquePointer?
        var code = Int(ca_context_create(&created))
        guard code == CA_SUCCESS, let created else { return code }
        var properties: OpaquePointer?
        if ca_proplist_create(&properties) == CA_SUCCESS, let properties {
            ca_proplist_sets(properties, CA_PROP_APPLICATION_NAME, "kit")
            ca_proplist_sets(properties, CA_PROP_APPLICATION_ID, "kit")
            _ = ca_context_change_props_full(created, properties)
            ca_proplist_destroy(properties)
        }
        code = Int(ca_context_open(created))
        guard code == CA_SUCCESS else {
            ca_context_destroy(created)
            return code
        }
        context = created
        return code
    }

    private func close() {
        if let context { ca_context_destroy(context) }
        context = nil
    }

    /// libcanberra's words for `code`, with its number: `Not available (-12)`.
    private static func describe(_ code: Int32) -> String {
        let text = ca_strerror(code).map { String(cString: $0) } ?? "error"
        return "\(text) (\(code))"
    }
}
