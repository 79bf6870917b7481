import GRDB
import KitCore

/// Stopwatches and their laps. Names are unique, matched as NameRules matches them.
public struct StopwatchStore {
    let database: KitDatabase
}

extension StopwatchStore {
    /// Inserts a new stopwatch built by `make` from the id the database assigns.
    public func insertStopwatch(bootID: String, _ make: (Int64) throws(KitError) -> Stopwatch) throws -> Stopwatch {
        try database.write { db in
            let next =
                (try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'stopwatch'") ?? 0) + 1
            let stopwatch = try make(next)
            try Self.insert(stopwatch, bootID: bootID, in: db)
            return stopwatch
        }
    }

    /// Whether another stopwatch already has this name.
    public func stopwatchNameTaken(_ name: String, except id: Int64? = nil) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM stopwatch WHERE name_key = ? AND id IS NOT ?)",
                arguments: [NameRules.matchKey(name), id]) ?? false
        }
    }

    public func updateStopwatch(_ stopwatch: Stopwatch, bootID: String, durability: Durability = .full) throws {
        try database.write(durability, savepoint: false) { db in
            var started: (wall: Int64?, boot: Int64?) = (nil, nil)
            if case .running(let since) = stopwatch.state { started = (since.wall.nanoseconds, since.boot.nanoseconds) }
            try db.execute(
                sql: """
                    UPDATE stopwatch SET name = ?, name_key = ?, state = ?, accumulated_ns = ?, started_wall_ns = ?,
                        started_boot_ns = ?, boot_id = ?, ever_started = ?, remind_after_ns = ?, reminders_sent = ?
                    WHERE id = ?
                    """,
                arguments: [
                    stopwatch.name, NameRules.matchKey(stopwatch.name), stopwatch.state.name, stopwatch.accumulated,
                    started.wall, started.boot, started.wall == nil ? nil : bootID, stopwatch.everStarted,
                    stopwatch.remindAfter, stopwatch.remindersSent, stopwatch.id,
                ])
        }
    }

    public func deleteStopwatch(id: Int64) throws {
        try database.write(savepoint: false) { db in
            try db.execute(sql: "DELETE FROM stopwatch WHERE id = ?", arguments: [id])
        }
    }

    /// Every stopwatch, restored for this boot (a running span keeps its boot-clock start on the
    /// same boot, and follows its wall-clock start after a reboot).
    public func stopwatches(now: ClockReading, bootID: String) throws -> [Stopwatch] {
        try database.read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT s.id, s.name, s.created_at_ns, s.state, s.accumulated_ns, s.started_wall_ns, s.started_boot_ns,
                           s.boot_id, s.ever_started, s.remind_after_ns, s.reminders_sent,
                           (SELECT COUNT(*) FROM stopwatch_lap l WHERE l.stopwatch_id = s.id)
                    FROM stopwatch s ORDER BY s.id
                    """)
            var result: [Stopwatch] = []
            while let row = try rows.next() {
                var state = StopwatchState.stopped
                if (row[3] as String) == "running", let wall: Int64 = row[5] {
                    let boot: Int64? = row[6]
                    let rowBoot: String? = row[7]
                    state = .running(
                        since: Deadline.restored(
                            bootInstant: boot.map(BootTime.init(nanoseconds:)),
                            wallInstant: WallTime(nanoseconds: wall),
                            sameBoot: rowBoot == bootID, now: now))
                }
                result.append(
                    Stopwatch(
                        id: row[0], name: row[1], createdAt: WallTime(nanoseconds: row[2]), state: state,
                        accumulated: row[4],
                        everStarted: row[8], remindAfter: row[9], remindersSent: row[10], lapCount: row[11]))
            }
            return result
        }
    }

    public func insertLap(_ lap: Lap, stopwatchID: Int64) throws {
        try database.write(savepoint: false) { db in
            try db.execute(
                sql:
                    "INSERT INTO stopwatch_lap (stopwatch_id, number, total_ns, split_ns, at_ns, note) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [stopwatchID, lap.number, lap.total, lap.split, lap.at.nanoseconds, lap.note])
        }
    }

    public func laps(stopwatchID: Int64) throws -> [Lap] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT number, total_ns, split_ns, at_ns, note FROM stopwatch_lap WHERE stopwatch_id = ? ORDER BY number",
                arguments: [stopwatchID]
            ).map { Lap(number: $0[0], total: $0[1], split: $0[2], at: WallTime(nanoseconds: $0[3]), note: $0[4]) }
        }
    }

    /// The last lap's total, or 0.
    public func lastLapTotal(stopwatchID: Int64) throws -> Nanoseconds {
        try database.read { db in
            try Int64.fetchOne(
                db, sql: "SELECT total_ns FROM stopwatch_lap WHERE stopwatch_id = ? ORDER BY number DESC LIMIT 1",
                arguments: [stopwatchID]) ?? 0
        }
    }

    public func deleteLaps(stopwatchID: Int64) throws {
        try database.write(savepoint: false) { db in
            try db.execute(sql: "DELETE FROM stopwatch_lap WHERE stopwatch_id = ?", arguments: [stopwatchID])
        }
    }

    private static func insert(_ stopwatch: Stopwatch, bootID: String, in db: Database) throws {
        var started: (wall: Int64?, boot: Int64?) = (nil, nil)
        if case .running(let since) = stopwatch.state { started = (since.wall.nanoseconds, since.boot.nanoseconds) }
        try db.execute(
            sql: """
                INSERT INTO stopwatch (id, name, name_key, created_at_ns, state, accumulated_ns, started_wall_ns,
                    started_boot_ns, boot_id, ever_started, remind_after_ns, reminders_sent)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                stopwatch.id, stopwatch.name, NameRules.matchKey(stopwatch.name), stopwatch.createdAt.nanoseconds,
                stopwatch.state.name, stopwatch.accumulated, started.wall, started.boot,
                started.wall == nil ? nil : bootID, stopwatch.everStarted, stopwatch.remindAfter,
                stopwatch.remindersSent,
            ])
    }
}
