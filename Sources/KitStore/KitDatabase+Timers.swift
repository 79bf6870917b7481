import GRDB
import KitCore

/// Countdown timers in the `timer` table.
extension KitDatabase {
    /// Inserts a new countdown built by `make` from the id the database assigns.
    public func insertTimer(bootID: String, _ make: (Int64) throws(KitError) -> Countdown) throws -> Countdown {
        try write { db in
            let nextID = (try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'timer'") ?? 0) + 1
            let countdown = try make(nextID)
            var record = TimerRecord(countdown, bootID: bootID)
            record.id = countdown.id
            try record.insert(db)
            return countdown
        }
    }

    /// Saves a countdown's new state.
    public func updateTimer(_ countdown: Countdown, bootID: String) throws {
        try write { db in
            try TimerRecord(countdown, bootID: bootID).update(db)
        }
    }

    /// Saves many countdowns' new states in the open batch.
    public func updateTimers(_ countdowns: [Countdown], bootID: String) throws {
        guard !countdowns.isEmpty else { return }
        try write { db in
            for countdown in countdowns { try TimerRecord(countdown, bootID: bootID).update(db) }
        }
    }

    /// Every running or paused countdown, restored for this boot. Fast enough for 100,000 rows.
    public func activeTimers(now: ClockReading, bootID: String) throws -> [Countdown] {
        try read { db in
            var result: [Countdown] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, name, duration_ns, state, created_at_ns, due_wall_ns, due_boot_ns, boot_id,
                           remaining_ns
                    FROM timer WHERE state IN ('running', 'paused') ORDER BY id
                    """)
            while let row = try rows.next() {
                let id: Int64 = row[0]
                let name: String? = row[1]
                let duration: Int64 = row[2]
                let stateName: String = row[3]
                let createdAt = WallTime(nanoseconds: row[4])
                let state: CountdownState
                if stateName == "running" {
                    let dueWall: Int64 = row[5]
                    let dueBoot: Int64? = row[6]
                    let rowBoot: String? = row[7]
                    state = .running(
                        Deadline.restored(
                            bootInstant: dueBoot.map(BootTime.init(nanoseconds:)),
                            wallInstant: WallTime(nanoseconds: dueWall), sameBoot: rowBoot == bootID, now: now))
                } else {
                    state = .paused(remaining: row[8])
                }
                result.append(Countdown(id: id, name: name, duration: duration, createdAt: createdAt, state: state))
            }
            return result
        }
    }

    /// One countdown by id, whatever its state.
    public func timer(id: Int64, now: ClockReading, bootID: String) throws -> Countdown? {
        try read { db in
            try TimerRecord.fetchOne(db, key: id)?.countdown(now: now, bootID: bootID)
        }
    }

    /// The most recent ended (fired or cancelled) countdowns, newest first.
    public func endedTimers(limit: Int, now: ClockReading, bootID: String) throws -> [Countdown] {
        try read { db in
            try TimerRecord.fetchAll(
                db, sql: "SELECT * FROM timer WHERE state IN ('fired', 'cancelled') ORDER BY id DESC LIMIT ?",
                arguments: [limit]
            ).compactMap { $0.countdown(now: now, bootID: bootID) }
        }
    }

    /// The most recent ended countdown with this name (case-insensitive), if any.
    public func latestEndedTimer(named name: String, now: ClockReading, bootID: String) throws -> Countdown? {
        try read { db in
            try TimerRecord.fetchOne(
                db,
                sql: """
                    SELECT * FROM timer WHERE state IN ('fired', 'cancelled') AND name = ? COLLATE NOCASE
                    ORDER BY id DESC LIMIT 1
                    """, arguments: [name]
            )?.countdown(now: now, bootID: bootID)
        }
    }

    /// Rewrites the wall-clock due instants of running countdowns after the wall clock jumped.
    public func refreshTimerWallDeadlines(_ countdowns: [Countdown], bootID: String) throws {
        try updateTimers(countdowns, bootID: bootID)
    }
}
