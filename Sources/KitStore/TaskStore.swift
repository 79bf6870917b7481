import Foundation
import GRDB
import KitCore

/// Tasks, and the history that lets `task undo` reverse a `task done`.
public struct TaskStore {
    let database: KitDatabase
}

extension TaskStore {
    /// Inserts a task built by `make` from the id the database assigns.
    public func insertTask(_ make: (Int64) throws(KitError) -> TaskItem) throws -> TaskItem {
        try database.write { db in
            let next = (try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'task'") ?? 0) + 1
            let task = try make(next)
            try Self.save(task, in: db, insert: true)
            return task
        }
    }

    /// Inserts many tasks in one all-or-nothing step (an import).
    public func insertTasks(_ makers: [(Int64) -> TaskItem]) throws -> [TaskItem] {
        try database.write { db in
            var next = (try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'task'") ?? 0) + 1
            var tasks: [TaskItem] = []
            for make in makers {
                let task = make(next)
                try Self.save(task, in: db, insert: true)
                tasks.append(task)
                next += 1
            }
            return tasks
        }
    }

    public func updateTask(_ task: TaskItem, durability: Durability = .full) throws {
        try database.write(durability, savepoint: false) { db in try Self.save(task, in: db, insert: false) }
    }

    /// Saves tasks whose popups just fired: kitd's own change, like a timer firing. Firing
    /// changes only the firing state (`TaskItem.firing`), so only those columns are written.
    public func updateTasksFired(_ tasks: [TaskItem]) throws {
        guard !tasks.isEmpty else { return }
        try database.write(.normal, savepoint: tasks.count > 1) { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE task SET snoozed_until_ns = ?, due_fired = ?, alerts_fired = ?, last_nag_ns = ?
                    WHERE id = ?
                    """)
            for task in tasks {
                try statement.execute(arguments: [
                    task.snoozedUntil?.nanoseconds, task.dueFired, task.alertsFired, task.lastNagAt?.nanoseconds,
                    task.id,
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
            try Self.save(task, in: db, insert: false)
            let snapshot = String(decoding: try JSONEncoder().encode(TaskSnapshot(before)), as: UTF8.self)
            try db.execute(
                sql: "INSERT INTO task_history (task_id, occurrence, done_at_ns, before) VALUES (?, ?, ?, ?)",
                arguments: [task.id, occurrence.iso8601, now.nanoseconds, snapshot])
        }
    }

    /// Undoes the task's most recent done: returns the task as it was, or nil when nothing is left to undo.
    public func undoTaskDone(_ task: TaskItem) throws -> TaskItem? {
        try database.write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, before FROM task_history WHERE task_id = ? ORDER BY id DESC LIMIT 1",
                    arguments: [task.id])
            else { return nil }
            let json: String = row["before"]
            let restored = try JSONDecoder().decode(TaskSnapshot.self, from: Data(json.utf8)).applied(to: task)
            try Self.save(restored, in: db, insert: false)
            try db.execute(sql: "DELETE FROM task_history WHERE id = ?", arguments: [row["id"] as Int64])
            return restored
        }
    }

    // MARK: Rows

    private static func save(_ task: TaskItem, in db: Database, insert: Bool) throws {
        var doneAt: Int64?
        if case .done(let at) = task.status { doneAt = at.nanoseconds }
        let arguments: StatementArguments = [
            task.uid, task.title, task.note, task.zone, task.allDay, task.anchor.iso8601,
            task.recurrence.map { $0.rrule(anchor: task.anchor.date) }, task.occurrence.iso8601,
            task.alerts.map { String($0) }.joined(separator: ","), task.nag, doneAt == nil ? "open" : "done", doneAt,
            task.snoozedUntil?.nanoseconds, task.dueFired, task.alertsFired, task.lastNagAt?.nanoseconds,
            task.createdAt.nanoseconds, task.id,
        ]
        if insert {
            try db.execute(
                sql: """
                    INSERT INTO task (uid, title, note, zone, all_day, anchor, rrule, occurrence, alerts, nag_ns, state,
                        done_at_ns, snoozed_until_ns, due_fired, alerts_fired, last_nag_ns, created_at_ns, id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: arguments)
        } else {
            try db.cachedStatement(
                sql: """
                    UPDATE task SET uid = ?, title = ?, note = ?, zone = ?, all_day = ?, anchor = ?, rrule = ?,
                        occurrence = ?, alerts = ?, nag_ns = ?, state = ?, done_at_ns = ?, snoozed_until_ns = ?,
                        due_fired = ?, alerts_fired = ?, last_nag_ns = ?, created_at_ns = ?
                    WHERE id = ?
                    """
            ).execute(arguments: arguments)
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
