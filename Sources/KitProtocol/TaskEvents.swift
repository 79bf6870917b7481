import KitCore

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

public struct TaskEvent: Codable, Sendable {
    /// What `task.changed` says happened: `imported` is a newer version through `task.import`,
    /// `synced` one through the tasks' vdir (`task.done` carries it then too), `occurrence done`
    /// an occurrence of a repeating task completed in its vdir file (the task moved to the next).
    public enum Change: String, WireEnum {
        case edited, snoozed, undone, imported, synced
        case occurrenceDone = "occurrence done"
    }

    public var task: TaskInfo
    /// For `task.changed` (and `task.done` from the vdir).
    public var change: Change?
    public init(task: TaskInfo, change: Change? = nil) {
        self.task = task
        self.change = change
    }
}

/// `task.due` and `task.alert`.
public struct TaskFireEvent: Codable, Sendable {
    public var task: TaskInfo
    /// The instant the popup was due.
    public var scheduledAt: String
    public var firedAt: String
    /// firedAt minus scheduledAt.
    public var latenessNs: Nanoseconds
    /// Fired after kitd was down, or the machine slept, across its moment.
    public var late: Bool
    /// For `task.due`: true for a nag (a repeat of the due popup).
    public var nag: Bool?
    /// For `task.alert`: how long before due.
    public var beforeNs: Nanoseconds?

    public init(
        task: TaskInfo, scheduledAt: String, firedAt: String, latenessNs: Nanoseconds, late: Bool, nag: Bool? = nil,
        beforeNs: Nanoseconds? = nil
    ) {
        self.task = task
        self.scheduledAt = scheduledAt
        self.firedAt = firedAt
        self.latenessNs = latenessNs
        self.late = late
        self.nag = nag
        self.beforeNs = beforeNs
    }
}

public struct TaskMissedEvent: Codable, Sendable {
    public var tasks: [TaskInfo]
    public var title: String
    public init(tasks: [TaskInfo], title: String) {
        self.tasks = tasks
        self.title = title
    }
}

/// The tasks' part of `daemon.status`: how many are open, how many of them are overdue, and the
/// next one due that is not.
extension DaemonStatusResult {
    public struct TaskSummary: Codable, Sendable, Equatable {
        public struct Next: Codable, Sendable, Equatable {
            public var id: Int64
            public var title: String
            public var dueAt: String
            /// When its popup comes back, for a task snoozed past its due (RFC 3339); absent
            /// otherwise.
            public var snoozedUntil: String?
            public init(id: Int64, title: String, dueAt: String, snoozedUntil: String? = nil) {
                self.id = id
                self.title = title
                self.dueAt = dueAt
                self.snoozedUntil = snoozedUntil
            }
        }

        public var open: Int
        public var overdue: Int
        public var next: Next?
        public init(open: Int, overdue: Int, next: Next?) {
            self.open = open
            self.overdue = overdue
            self.next = next
        }
    }

    /// Absent from a kitd older than this part.
    public var tasks: TaskSummary? {
        get { section("tasks") }
        set { setSection("tasks", newValue) }
    }
}
