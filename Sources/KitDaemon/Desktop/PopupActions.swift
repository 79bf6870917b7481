import KitCore
import KitProtocol

/// What comes back from popups, handled on the loop thread. A shown or failed popup becomes a
/// `notification.*` event; a pressed button goes to the feature that owns the popup, by the
/// type of its subject: a feature registers its subject type once, and gets its own subjects
/// back, never a string to parse.
///
/// A feature may also say how to show one of its popups again, for the popups that still matter
/// when they were lost: the notification server restarted, or kitd did while they were on screen
/// (`registerAgain`). After a restart only the subject's text is left, so the feature reads that.
final class PopupActions {
    private var handlers: [ObjectIdentifier: (any PopupSubject, String) -> Void] = [:]
    private var againByText: [(String, ClockReading) -> PopupAgain?] = []
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

    /// Calls `again` with the wire form of a subject (`task:7`) whose popup was lost or left
    /// without a kitd to answer its buttons. It returns nil for a subject that is not the
    /// feature's, or one it leaves on screen as it is.
    func registerAgain(_ again: @escaping (_ subjectText: String, _ now: ClockReading) -> PopupAgain?) {
        againByText.append(again)
    }

    /// What to do with the popup of `subjectText`, from the feature that knows it; nil when none
    /// does.
    func again(_ subjectText: String, now: ClockReading) -> PopupAgain? {
        for again in againByText {
            if let answer = again(subjectText, now) { return answer }
        }
        return nil
    }

    /// Announces what became of a popup, or hands a pressed button to its feature.
    func handle(_ outcome: PopupOutcome) {
        switch outcome {
        case .shown(let subject, let summary, let id, _, let latency):
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
        case .closed, .serverAtStart, .serverChanged, .ignored, .server, .diagnostic, .sound:
            break
        }
    }
}

/// A feature's answer for one of its popups that was lost, or left without a kitd to answer
/// its buttons.
enum PopupAgain {
    /// What it reports still matters: show this, composed anew.
    case show(Popup)
    /// It no longer matters (the task was done, the stopwatch stopped): take it off the screen.
    case gone
}
