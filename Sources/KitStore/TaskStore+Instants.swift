import GRDB
import KitCore

/// The tasks' instants (TaskInstants) beside their rows: what kitd arms, counts and finds next
/// through the indexes of migration v19, so that its memory and start-up do not grow with the
/// number of tasks.
extension TaskStore {
    /// The popups to arm after `after` (nanoseconds of wall time): every task whose next popup is
    /// in (after, horizon], where the horizon is the `count`-th such popup or `through`, whichever
    /// is later (Int64.max when fewer than `count` are left). Ties at the horizon are all in.
    public func popups(after: Int64, count: Int, through: Int64) throws -> (
        entries: [(id: Int64, fire: Int64)], horizon: Int64
    ) {
        try database.read { db in
            let last = try Int64.fetchOne(db, sql: TaskQuery.horizon, arguments: [after, max(0, count - 1)])
            let horizon = last.map { Swift.max($0, through) } ?? .max
            var entries: [(id: Int64, fire: Int64)] = []
            let rows = try Row.fetchCursor(db, sql: TaskQuery.popups, arguments: [after, horizon])
            while let row = try rows.next() { entries.append((row[0], row[1])) }
            return (entries, horizon)
        }
    }

    /// How many tasks are open.
    public func openCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: TaskQuery.openCount) ?? 0 }
    }

    /// The open tasks overdue at `now`: due at or before it, and not snoozed past it.
    public func overdueIDs(now: WallTime) throws -> Set<Int64> {
        try database.read { db in
            var ids: Set<Int64> = []
            let rows = try Row.fetchCursor(db, sql: TaskQuery.overdue, arguments: [now.nanoseconds])
            while let row = try rows.next() {
                let snoozed: Int64? = row[1]
                if snoozed.map({ $0 > now.nanoseconds }) != true { ids.insert(row[0]) }
            }
            return ids
        }
    }

    /// The open task that is not overdue at `now` whose popup comes first (ties by id): the first
    /// due after now, or a snoozed one past due, which comes back when its snooze ends. `comes`
    /// is that instant.
    public func nextDue(now: WallTime) throws -> (id: Int64, comes: WallTime)? {
        try database.read { db in
            let ahead = try Row.fetchOne(db, sql: TaskQuery.nextAhead, arguments: [now.nanoseconds])
            let snoozed = try Row.fetchOne(
                db, sql: TaskQuery.nextSnoozed, arguments: [now.nanoseconds, now.nanoseconds])
            let found = [ahead, snoozed].compactMap { $0 }.map { (id: $0[0] as Int64, comes: $0[1] as Int64) }
            return found.min { $0.comes != $1.comes ? $0.comes < $1.comes : $0.id < $1.id }.map {
                ($0.id, WallTime(nanoseconds: $0.comes))
            }
        }
    }

    /// Writes the instants of tasks whose rows are otherwise unchanged (worked out again after a
    /// change of zone, or for the first time): kitd's own change, as firing is. A row that holds
    /// them already is not written (nor are its index entries). Returns how many rows changed.
    @discardableResult
    public func setInstants(_ changes: [(id: Int64, instants: TaskInstants)]) throws -> Int {
        guard !changes.isEmpty else { return 0 }
        return try database.write(.normal, savepoint: changes.count > 1) { db in
            let statement = try db.cachedStatement(
                sql:
                    "UPDATE task SET due_ns = ?1, fire_ns = ?2 WHERE id = ?3 AND (due_ns IS NOT ?1 OR fire_ns IS NOT ?2)"
            )
            var changed = 0
            for change in changes {
                try statement.execute(arguments: [
                    change.instants.due.nanoseconds, change.instants.fire?.nanoseconds, change.id,
                ])
                changed += db.changesCount
            }
            return changed
        }
    }

    /// Up to `limit` tasks with a popup to come, by its instant as the row holds it, after
    /// `place` (that instant and the id of the last task of the page before); and the place of
    /// the page's last task. Its rows may be changed before the next page is read: a task moved
    /// past the place is read again, one moved before it is not.
    public func firingPage(after place: (fire: Int64, id: Int64)?, limit: Int) throws -> (
        tasks: [TaskItem], place: (fire: Int64, id: Int64)?
    ) {
        var tasks: [TaskItem] = []
        try walk(.firing, after: place.map { ($0.fire, $0.id) }) {
            tasks.append($0)
            return tasks.count < limit
        }
        guard let last = tasks.last else { return ([], nil) }
        let fire = try database.read { db in
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT fire_ns FROM task WHERE id = ?"), arguments: [last.id])
        }
        return (tasks, fire.map { ($0, last.id) })
    }

    /// What the stored instants were worked out under (the system zone and the tz database's
    /// version); nil before they were.
    public func instantsBasis() throws -> String? {
        try database.read { db in try KitMetaRecord.fetchOne(db, key: KitMetaRecord.taskInstantsBasis)?.value }
    }

    public func setInstantsBasis(_ basis: String) throws {
        try database.write(.normal, savepoint: false) { db in
            try KitMetaRecord(key: KitMetaRecord.taskInstantsBasis, value: basis).upsert(db)
        }
    }
}
