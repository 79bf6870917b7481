import KitLocalization
import KitProtocol

/// Where a timer, stopwatch or task is, in the user's language, for tables and details. The
/// JSON output keeps the wire's English words.
enum StateWords {
    static func timer(_ state: TimerInfo.State) -> String {
        switch state {
        case .running: return Localized.text("running")
        case .paused: return Localized.text("paused")
        case .fired: return Localized.text("fired")
        case .cancelled: return Localized.text("cancelled")
        }
    }

    static func stopwatch(_ state: StopwatchInfo.State) -> String {
        switch state {
        case .running: return Localized.text("running")
        case .stopped: return Localized.text("stopped")
        }
    }

    static func task(_ task: TaskInfo) -> String {
        if task.state == .done { return Localized.text("done") }
        if task.overdue { return Localized.text("OVERDUE") }
        if task.snoozedUntil != nil { return Localized.text("snoozed") }
        return Localized.text("open")
    }
}
