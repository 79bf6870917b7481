import KitCore

// The stored properties of the types extended here are declared in Wire/TaskEvents.wire.

/// The `task.*` events.
extension Event {
    public static let taskAdded = "task.added"
    /// Edited, snoozed or undone.
    public static let taskChanged = "task.changed"
    public static let taskDone = "task.done"
    public static let taskDeleted = "task.deleted"
    /// A task's due popup fired (or its nag).
    public static let taskDue = "task.due"
    /// A pre-alert fired.
    public static let taskAlert = "task.alert"
    /// Occurrences missed while kitd was off were gathered into one digest.
    public static let taskMissed = "task.missed"
}

extension TaskEvent {
    /// What `task.changed` says happened: `imported` is a newer version through `task.import`,
    /// `synced` one through the tasks' vdir (`task.done` carries it then too), `occurrence done`
    /// an occurrence of a repeating task completed in its vdir file (the task moved to the next).
    public enum Change: String, WireEnum {
        case edited, snoozed, undone, imported, synced
        case occurrenceDone = "occurrence done"
    }
}

/// The tasks' part of `daemon.status`: how many are open, how many of them are overdue, and the
/// next one due that is not.
extension DaemonStatusResult {

    /// Absent from a kitd older than this part.
    public var tasks: TaskSummary? {
        get { section("tasks") }
        set { setSection("tasks", newValue) }
    }
}
