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

    /// Records `popup` and reports it shown at once, as a server that answers does.
    func show(_ popup: Popup) {
        shown.append(popup)
        let outcome = PopupOutcome.shown(
            subject: popup.subject, summary: popup.summary, serverID: UInt32(shown.count), latency: 0)
        if holdOutcomes { held.append(outcome) } else { onOutcome?(outcome) }
    }

    /// Reports the answers held back, and answers at once from now on.
    func releaseOutcomes() {
        holdOutcomes = false
        let outcomes = held
        held.removeAll()
        for outcome in outcomes { onOutcome?(outcome) }
    }

    func withdraw(_ subject: any PopupSubject) { withdrawn.append(subject.text) }

    func shutdown() {}

    /// Presses the button `key` on `subject`'s popup, as the notification server reports it.
    func press(_ key: String, on subject: any PopupSubject) { onOutcome?(.action(subject: subject, key: key)) }

    /// The summaries shown so far, in order.
    var summaries: [String] { shown.map(\.summary) }

    /// The popups with a summary containing `text`.
    func popups(containing text: String) -> [Popup] { shown.filter { $0.summary.contains(text) } }
}
