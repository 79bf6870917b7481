import KitCore

/// What a task popup is about.
enum TaskPopup: PopupSubject, Equatable {
    /// A task is due (or nags): `task:7`, with Done and Snooze. It carries the occurrence it is
    /// about, so a button pressed after that occurrence was done elsewhere does nothing.
    case due(Int64, occurrence: CivilDateTime? = nil)
    /// A pre-alert before a task is due: `task-alert:7:0`.
    case alert(Int64, index: Int)
    /// Many missed popups gathered into one: `task:digest`.
    case digest

    /// The buttons on a due popup, by the key that comes back when one is pressed.
    enum Button: String {
        case done
        case snooze
    }

    var text: String {
        switch self {
        case .due(let id, _): "task:\(id)"
        case .alert(let id, let index): "task-alert:\(id):\(index)"
        case .digest: "task:digest"
        }
    }

    /// The due popup whose wire form is `text` (`task:7`), as the ledger keeps it across a
    /// restart; nil for any other (the occurrence is not in the text: it is the task's current).
    static func due(fromText text: String) -> TaskPopup? {
        guard text.hasPrefix("task:"), let id = Int64(text.dropFirst("task:".count)) else { return nil }
        return .due(id)
    }

    /// Two subjects are the same popup on screen: a newer popup of a task replaces the older.
    static func == (lhs: TaskPopup, rhs: TaskPopup) -> Bool { lhs.text == rhs.text }
}

extension SoundKind {
    /// A task is due, its nags, and missed reminders: `[sound] task`.
    static let task = SoundKind("task", plays: .theme("bell"))
    /// A reminder before a task is due: `[sound] task_alert`, at task's volume.
    static let taskAlert = SoundKind("task_alert", plays: .theme("message-new-instant"), family: "task")
}
