import KitCore

@testable import KitDaemon

/// A popup sink that records what kitd would show, and presses buttons as a person would.
/// Only for tests of what the features decide; the real-dunst integration tests prove the
/// wiring to a notification server.
final class RecordingPopups: PopupSink {
    private(set) var shown: [Popup] = []
    var serverStatus = NotificationServerStatus(
        available: true, name: "recorder", capabilities: ["actions", "body", "sound"])
    var onOutcome: ((PopupOutcome) -> Void)?

    private(set) var withdrawn: [String] = []

    /// Holds back the answers to shows, as a slow server does, until `releaseOutcomes`.
    var holdOutcomes = false
    private var held: [PopupOutcome] = []

    /// Answers waiting for the loop's next turn, as kitd's notifier thread answers through a pipe.
    private var answers: [PopupOutcome] = []
    private var answerSource: DeferSource?

    /// Answers shows on `loop`, in a turn after the one that showed them, as the real notifier
    /// does: a daemon built on a new loop (a restart) calls this again.
    func attach(to loop: EventLoop) throws {
        answerSource = try loop.deferred(description: "recorded popup answers", priority: EventLoop.Priority.io) {
            [unowned self] in
            answerSource?.cancel()
            let due = answers
            answers.removeAll()
            for outcome in due { onOutcome?(outcome) }
        }
    }

    /// Records `popup` and reports it shown in the loop's next turn, as a server that answers does.
    func show(_ popup: Popup) {
        shown.append(popup)
        let outcome = PopupOutcome.shown(
            subject: popup.subject, summary: popup.summary, serverID: UInt32(shown.count), server: ":1.1", latency: 0)
        if holdOutcomes {
            held.append(outcome)
        } else if let answerSource {
            answers.append(outcome)
            answerSource.trigger()
        } else {
            onOutcome?(outcome)
        }
    }

    /// Reports the answers held back, and answers at once from now on.
    func releaseOutcomes() {
        holdOutcomes = false
        let outcomes = held
        held.removeAll()
        for outcome in outcomes { onOutcome?(outcome) }
    }

    func withdraw(_ subject: any PopupSubject) { withdrawn.append(subject.text) }

    private(set) var closedOld: [UInt32] = []

    func closeOld(ids: [UInt32], server: String) { closedOld += ids }

    /// Reports the answers still on their way, as the notifier does when kitd stops.
    func shutdown() {
        answerSource?.cancel()
        answerSource = nil
        let due = answers
        answers.removeAll()
        for outcome in due { onOutcome?(outcome) }
    }

    /// Presses the button `key` on `subject`'s popup, as the notification server reports it.
    func press(_ key: String, on subject: any PopupSubject) { onOutcome?(.action(subject: subject, key: key)) }

    /// The summaries shown so far, in order.
    var summaries: [String] { shown.map(\.summary) }

    /// The popups with a summary containing `text`.
    func popups(containing text: String) -> [Popup] { shown.filter { $0.summary.contains(text) } }
}
