import GRDB
import KitCore

/// Countdown timers in the `timer` table.
public struct TimerStore {
    let database: KitDatabase
}

extension TimerStore {
    /// Inserts a new countdown built by `make` from the id the database assigns.
    public func insertTimer(bootID: String, _ make: (Int64) throws(KitError) -> Countdown) throws -> Countdown {
        // One INSERT changes the database, atomic by itself: no savepoint.
        try database.write(savepoint: false) { db in
            let countdown = try make(try db.nextID(in: "timer"))
            var record = TimerRecord(countdown, bootID: bootID)
            record.id = countdown.id
            try record.insertRow(db)
            return countdown
        }
    }

    /// Saves a countdown's new state.
    public func updateTimer(_ countdown: Countdown, bootID: String, durability: Durability = .full) throws {
        try updateTimers([countdown], bootID: bootID, durability: durability)
    }

    /// Saves countdowns' new states in the open batch, all or none; `.normal` for changes kitd
    /// makes on its own, such as moving due times after a clock change.
    public func updateTimers(_ countdowns: [Countdown], bootID: String, durability: Durability = .full) throws {
        guard !countdowns.isEmpty else { return }
        try database.write(durability, savepoint: countdowns.count > 1) { db in
            for countdown in countdowns { try TimerRecord(countdown, bootID: bootID).updateRow(db) }
        }
    }

    /// Records countdowns as fired: the firing path, so a narrow cached statement and no fsync
    /// (`.normal`): the mark survives a crash of kitd before its event goes out, and reaches the
    /// disk with the next full commit or checkpoint.
    public func markTimersFired(_ countdowns: [Countdown]) throws {
        guard !countdowns.isEmpty else { return }
        try database.write(.normal, savepoint: countdowns.count > 1) { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE timer SET state = 'fired', ended_at_ns = ?, fired_due_ns = ?, lateness_ns = ?, late = ?,
                        due_wall_ns = NULL, due_boot_ns = NULL, boot_id = NULL
                    WHERE id = ? AND state = 'running'
                    """)
            for countdown in countdowns {
                guard case .fired(let record) = countdown.state else { continue }
                try statement.execute(arguments: [
                    record.firedAt.nanoseconds, record.due.nanoseconds, record.lateness, record.late, countdown.id,
                ])
            }
        }
    }

    /// What the two clocks say of the first running timer saved on this boot: how long until it
    /// is due by its boot-clock instant, and by its wall-clock instant. They agree unless a clock
    /// was set, or kitd ran under another boot-clock offset (a time namespace), while it was down.
    public func clockReadings(now: ClockReading, bootID: String) throws -> (byBoot: Nanoseconds, byWall: Nanoseconds)? {
        try database.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT due_boot_ns, due_wall_ns FROM timer
                        WHERE state = 'running' AND boot_id = ? AND due_boot_ns IS NOT NULL ORDER BY id LIMIT 1
                        """,
                    arguments: [bootID])
            else { return nil }
            let boot: Int64 = row[0]
            let wall: Int64 = row[1]
            return (Nanoseconds(boot - now.boot.nanoseconds), Nanoseconds(wall - now.wall.nanoseconds))
        }
    }

    /// One countdown by id, whatever its state.
    public func timer(id: Int64, now: ClockReading, bootID: String) throws -> Countdown? {
        try database.read { db in
            try TimerRecord.fetchOne(db, key: id)?.countdown(now: now, bootID: bootID)
        }
    }

    /// The most recently ended countdown with this name (matched as NameRules matches), if any:
    /// the row `timer_last_ended` keeps for the name (the triggers of migration v21 write it).
    public func latestEndedTimer(named name: String, now: ClockReading, bootID: String) throws -> Countdown? {
        try database.read { db in
            try TimerRecord.fetchOne(
                db,
                sql: """
                    SELECT timer.* FROM timer_last_ended JOIN timer ON timer.id = timer_last_ended.timer_id
                    WHERE timer_last_ended.name_key = ?
                    """, arguments: [NameRules.matchKey(name)]
            )?.countdown(now: now, bootID: bootID)
        }
    }

}
