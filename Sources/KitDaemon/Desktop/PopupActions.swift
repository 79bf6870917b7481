import KitProtocol

/// What comes back from popups, handled on the loop thread. A shown or failed popup becomes a
/// `notification.*` event; a pressed button goes to the feature that owns the popup, by the
/// type of its subject: a feature registers its subject type once, and gets its own subjects
/// back, never a string to parse.
final class PopupActions {
    private var handlers: [ObjectIdentifier: (any PopupSubject, String) -> Void] = [:]
    private let events: EventBus

    init(events: EventBus) {
        self.events = events
        events.declare([Event.notificationShown, Event.notificationFailed])
    }

    /// Calls `handler` with the subject and the button's key when a button is pressed on a
    /// popup whose subject is a `Subject`.
    func register<Subject: PopupSubject>(_ type: Subject.Type, _ handler: @escaping (Subject, String) -> Void) {
        handlers[ObjectIdentifier(type)] = { subject, key in
            if let subject = subject as? Subject { handler(subject, key) }
        }
    }

    /// Announces what became of a popup, or hands a pressed button to its feature.
    func handle(_ outcome: PopupOutcome) {
        switch outcome {
        case .shown(let subject, let summary, let id, let latency):
            events.emit(
                Event.notificationShown,
                NotificationEvent(
                    subject: subject.text, summary: summary, serverId: id, reason: nil,
                    latencyNs: latency))
        case .failed(let subject, let summary, let reason, let latency, _):
            events.emit(
                Event.notificationFailed,
                NotificationEvent(
                    subject: subject.text, summary: summary, serverId: nil, reason: reason,
                    latencyNs: latency))
        case .action(let subject, let key):
            handlers[ObjectIdentifier(type(of: subject))]?(subject, key)
        case .closed, .server, .diagnostic, .sound:
            break
        }
    }
}
