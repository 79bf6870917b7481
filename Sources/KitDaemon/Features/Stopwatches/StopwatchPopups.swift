import KitCore
import KitLocalization

/// What a stopwatch popup is about.
enum StopwatchPopup: PopupSubject, Equatable {
    /// The "still running" notice of a stopwatch: `stopwatch:7`.
    case stillRunning(Int64)

    var text: String {
        switch self {
        case .stillRunning(let id): "stopwatch:\(id)"
        }
    }

    /// The subject whose wire form is `text` (`stopwatch:7`), as the ledger keeps it across a
    /// restart; nil for any other.
    init?(text: String) {
        guard text.hasPrefix("stopwatch:"), let id = Int64(text.dropFirst("stopwatch:".count)) else { return nil }
        self = .stillRunning(id)
    }
}

/// What the stopwatch popups say.
enum StopwatchPopups {
    /// The buttons, by the key that comes back when one is pressed.
    enum Button: String {
        case stop
    }

    /// `pasta is still running`, with a Stop button.
    static func stillRunning(
        _ stopwatch: Stopwatch, running: String, total: String, sound: PopupSound, now: ClockReading
    ) -> Popup {
        let command = "kitctl sw stop \(ShellWord.quoted(stopwatch.name))"
        return Popup(
            subject: StopwatchPopup.stillRunning(stopwatch.id),
            summary: Localized.text("%s is still running", stopwatch.name),
            body: Localized.text("Running for %1$s (total %2$s).", running, total), icon: "appointment-soon",
            urgency: .normal, sound: sound, category: "x-kit.stopwatch.running",
            actions: [Popup.Action(key: Button.stop.rawValue, label: Localized.text("Stop"))],
            bodyWithoutActions: Localized.text(
                "Running for %1$s (total %2$s). Stop it with `%3$s`.", running, total, command),
            requestedAt: now.boot)
    }
}

extension SoundKind {
    /// A stopwatch's "still running" notice: `[sound] stopwatch`.
    static let stopwatch = SoundKind("stopwatch", plays: .theme("message-new-instant"))
}
