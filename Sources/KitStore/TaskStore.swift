import GRDB
import KitCore

/// Tasks, and the history that lets `task undo` reverse a `task done`.
public struct TaskStore {
    let database: KitDatabase
    /// Works out a task's instants (in its zone) for each row written; nil writes NULL, which
    /// kitd fills at its next start (a store used without kitd's zones: tools, tests).
    var instants: (TaskItem) -> TaskInstants? = { _ in nil }
    /// The repeat rules read lately, by their text.
    let rules = RuleCache()

    init(database: KitDatabase) { self.database = database }

    /// This store, writing each task's instants as `instants` works them out.
    public func scheduling(by instants: @escaping (TaskItem) -> TaskInstants?) -> TaskStore {
        var store = self
        store.instants = instants
        return store
    }

    /// A task's row, with its instants.
    func record(_ task: TaskItem) -> TaskRecord { TaskRecord(task, instants: instants(task)) }
}

extension TaskStore {
    /// Inserts a task built by `make` from the id the database assigns.
    public func insertTask(_ make: (Int64) throws(KitError) -> TaskItem) throws -> TaskItem {
        // One INSERT changes the database, atomic by itself: no savepoint.
        try database.write(savepoint: false) { db in
            let task = try make(try db.nextID(in: "task"))
            try record(task).insertPrepared(db)
            return task
        }
    }

    /// Inserts many tasks in one all-or-nothing step.
    public func insertTasks(_ makers: [(Int64) -> TaskItem]) throws -> [TaskItem] {
        try database.write { db in
            var next = try db.nextID(in: "task")
            var inserted: [TaskItem] = []
            inserted.reserveCapacity(makers.count)
            for make in makers {
                let task = make(next)
                try record(task).insertPrepared(db)
                inserted.append(task)
                next += 1
            }
            return inserted
        }
    }

    /// A task to be imported, with its row's values made ready beforehand (off kitd's loop, where
    /// an import reads its document): `importTasks` only gives it its id and inserts it.
    public struct NewTask: Sendable {
        /// The task, with id 0.
        public let task: TaskItem
        public let version: ItemVersion
        fileprivate let record: TaskRecord

        public init(_ task: TaskItem, version: ItemVersion) {
            var versioned = task
            versioned.sequence = version.sequence
            versioned.modifiedAt = version.modified
            self.task = versioned
            self.version = version
            record = TaskRecord(versioned, instants: nil)
        }
    }

    /// Which version of an imported item a task is (`SEQUENCE`, then `LAST-MODIFIED`).
    public struct ItemVersion: Comparable, Sendable {
        public var sequence: Int
        public var modified: WallTime?

        public init(sequence: Int = 0, modified: WallTime? = nil) {
            self.sequence = sequence
            self.modified = modified
        }

        /// A higher SEQUENCE is newer; at the same SEQUENCE, a later LAST-MODIFIED is, and one
        /// without a time is oldest.
        public static func < (lhs: ItemVersion, rhs: ItemVersion) -> Bool {
            if lhs.sequence != rhs.sequence { return lhs.sequence < rhs.sequence }
            return (lhs.modified?.nanoseconds ?? .min) < (rhs.modified?.nanoseconds ?? .min)
        }
    }

    /// The stored versions of the tasks with these UIDs.
    public func versions(uids: [String]) throws -> [String: ItemVersion] {
        var result: [String: ItemVersion] = [:]
        try rows(uids: uids, columns: "ical_sequence, ical_modified_ns") { row in
            let modified: Int64? = row[2]
            result[row[0]] = ItemVersion(sequence: row[1], modified: modified.map(WallTime.init(nanoseconds:)))
        }
        return result
    }

    /// The ids of the tasks whose title matches `title` (as NameRules matches), in id order.
    public func ids(titled title: String) throws -> [Int64] {
        try database.read { db in
            try Int64.fetchAll(
                db, sql: "SELECT id FROM task WHERE title_key = ? ORDER BY id", arguments: [NameRules.matchKey(title)])
        }
    }

    /// Up to `limit` distinct titles of open tasks, sorted: read in the order of an index, so
    /// the cost does not grow with the number of tasks.
    public func openTitles(limit: Int) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT DISTINCT title FROM task WHERE state = 'open' ORDER BY title LIMIT ?",
                arguments: [limit])
        }
    }

    /// The ids of the tasks with these UIDs, by UID.
    public func ids(uids: [String]) throws -> [String: Int64] {
        var result: [String: Int64] = [:]
        try rows(uids: uids, columns: "id") { row in result[row[0]] = row[1] }
        return result
    }

    /// Each row of the tasks with these UIDs, as `uid` then `columns`, found through the index
    /// on `uid` in chunks of 500.
    private func rows(uids: [String], columns: String, _ body: (Row) throws -> Void) throws {
        try database.read { db in
            for start in stride(from: 0, to: uids.count, by: 500) {
                let chunk = Array(uids[start..<min(start + 500, uids.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT uid, \(columns) FROM task WHERE uid IN (\(marks))",
                    arguments: StatementArguments(chunk))
                while let row = try rows.next() { try body(row) }
            }
        }
    }

    /// An import in one all-or-nothing step: new tasks, under the ids the database assigns, and
    /// newer versions of tasks already here, each with the version it came as.
    public func importTasks(_ new: [NewTask], updating updates: [(TaskItem, ItemVersion)]) throws -> (
        inserted: [TaskItem], updated: [TaskItem]
    ) {
        try database.write { db in
            var next = try db.nextID(in: "task")
            var inserted: [TaskItem] = []
            inserted.reserveCapacity(new.count)
            for item in new {
                var record = item.record
                record.id = next
                let task = item.task.withID(next)
                let instants = instants(task)
                record.dueNs = instants?.due.nanoseconds
                record.fireNs = instants?.fire?.nanoseconds
                try record.insertPrepared(db)
                inserted.append(task)
                next += 1
            }
            var updated: [TaskItem] = []
            updated.reserveCapacity(updates.count)
            for (task, version) in updates {
                var versioned = task
                versioned.sequence = version.sequence
                versioned.modifiedAt = version.modified
                try record(versioned).updatePrepared(db)
                updated.append(versioned)
            }
            return (inserted, updated)
        }
    }

    public func updateTask(_ task: TaskItem, durability: Durability = .full) throws {
        try database.write(durability, savepoint: false) { db in try record(task).updatePrepared(db) }
    }

    /// Saves tasks whose popups just fired: kitd's own change, like a timer firing. Firing
    /// changes only the firing state (`TaskItem.firing`), so only those columns (and the next
    /// popup's instant) are written.
    public func updateTasksFired(_ tasks: [TaskItem]) throws {
        guard !tasks.isEmpty else { return }
        try database.write(.normal, savepoint: tasks.count > 1) { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE task SET snoozed_until_ns = ?, due_fired = ?, alerts_fired = ?, last_nag_ns = ?,
                        due_ns = ?, fire_ns = ?
                    WHERE id = ?
                    """)
            for task in tasks {
                let instants = instants(task)
                try statement.execute(arguments: [
                    task.snoozedUntil?.nanoseconds, task.dueFired, task.alertsFired, task.lastNagAt?.nanoseconds,
                    instants?.due.nanoseconds, instants?.fire?.nanoseconds, task.id,
                ])
            }
        }
    }

    public func deleteTask(id: Int64) throws {
        try database.write(savepoint: false) { db in
            try db.execute(sql: "DELETE FROM task WHERE id = ?", arguments: [id])
        }
    }

    /// Saves a done: the task's new state and, for undo, what it was before.
    public func recordTaskDone(_ task: TaskItem, before: TaskItem, occurrence: CivilDateTime, at now: WallTime) throws {
        try database.write { db in
            try record(task).updatePrepared(db)
            try TaskHistoryRecord(done: task, before: before, occurrence: occurrence, at: now).insert(db)
        }
    }

    /// Undoes the task's most recent done: returns the task as it was, changed at `modifiedAt`,
    /// or nil when nothing is left to undo.
    public func undoTaskDone(_ task: TaskItem, modifiedAt: WallTime) throws -> TaskItem? {
        try database.write { db in
            guard
                let done = try TaskHistoryRecord.fetchOne(
                    db, sql: "SELECT * FROM task_history WHERE task_id = ? ORDER BY id DESC LIMIT 1",
                    arguments: [task.id])
            else { return nil }
            var restored = try done.restoring(task)
            restored.modifiedAt = modifiedAt
            try record(restored).updatePrepared(db)
            try done.delete(db)
            return restored
        }
    }
}

/// The part of a task a done changes, kept so that undo can put it back.
struct TaskSnapshot: Codable {
    var occurrence: String
    var doneAt: Int64?
    var snoozedUntil: Int64?
    var dueFired: Bool
    var alertsFired: Int
    var lastNag: Int64?

    init(_ task: TaskItem) {
        occurrence = task.occurrence.iso8601
        if case .done(let at) = task.status { doneAt = at.nanoseconds }
        snoozedUntil = task.snoozedUntil?.nanoseconds
        dueFired = task.dueFired
        alertsFired = task.alertsFired
        lastNag = task.lastNagAt?.nanoseconds
    }

    func applied(to task: TaskItem) throws -> TaskItem {
        var copy = task
        copy.occurrence = try CivilDateTime.parseISO8601(occurrence)
        copy.status = doneAt.map { .done(at: WallTime(nanoseconds: $0)) } ?? .open
        copy.snoozedUntil = snoozedUntil.map(WallTime.init(nanoseconds:))
        copy.dueFired = dueFired
        copy.alertsFired = alertsFired
        copy.lastNagAt = lastNag.map(WallTime.init(nanoseconds:))
        return copy
    }
}
