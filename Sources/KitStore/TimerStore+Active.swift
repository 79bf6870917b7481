import GRDB
import KitCore

/// The reads kitd serves active timers from. kitd keeps only the schedule of its active timers
/// in memory (each running timer's boot-clock deadline, the ids of paused ones); the countdowns
/// themselves stay in the `timer` table and are read here when a request or an alarm needs one.
extension TimerStore {
    /// The schedule of every running and paused timer, for kitd's start.
    public struct ActiveSchedule: Sendable {
        /// Each running timer's deadline, as restored for this boot.
        public var running: [(id: Int64, deadline: Deadline)] = []
        /// The ids of paused timers.
        public var paused: [Int64] = []
        /// How many rows were written back with their restored deadline.
        public var restored = 0
    }

    /// Reads the schedule of every active timer, and writes back each running timer whose
    /// deadline `Deadline.restored` moves (a reboot, or a wall clock set while kitd was down), in
    /// the open batch, so that every later read of the row gives the deadline the schedule has.
    ///
    /// Reads four integer columns a row, in the order of the `timer_active` index, and builds no
    /// countdown. (An `ORDER BY id` here made SQLite sort a million rows in temporary files:
    /// 2.5 s of the 3 s kitd took to start with a million timers.)
    public func restoreActive(now: ClockReading, bootID: String) throws -> ActiveSchedule {
        var schedule = ActiveSchedule()
        var moved: [(id: Int64, deadline: Deadline)] = []
        try database.read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, state = 'running', due_wall_ns, due_boot_ns, boot_id = ?
                    FROM timer WHERE state IN ('running', 'paused')
                    """, arguments: [bootID])
            while let row = try rows.next() {
                let id: Int64 = row[0]
                guard row[1] as Bool else {
                    schedule.paused.append(id)
                    continue
                }
                let wall: Int64 = row[2]
                let boot: Int64? = row[3]
                let sameBoot: Bool = row[4] ?? false
                let deadline = Deadline.restored(
                    bootInstant: boot.map(BootTime.init(nanoseconds:)), wallInstant: WallTime(nanoseconds: wall),
                    sameBoot: sameBoot, now: now)
                if !sameBoot || boot != deadline.boot.nanoseconds || wall != deadline.wall.nanoseconds {
                    moved.append((id, deadline))
                }
                schedule.running.append((id, deadline))
            }
        }
        guard !moved.isEmpty else { return schedule }
        try database.write(.normal) { db in
            let statement = try db.cachedStatement(
                sql: "UPDATE timer SET due_wall_ns = ?, due_boot_ns = ?, boot_id = ? WHERE id = ?")
            for (id, deadline) in moved {
                try statement.execute(arguments: [
                    deadline.wall.nanoseconds, deadline.boot.nanoseconds, bootID, id,
                ])
            }
        }
        schedule.restored = moved.count
        return schedule
    }

    /// One running or paused countdown, with its deadline as stored (`restoreActive` and every
    /// later change wrote it for this boot).
    public func activeTimer(id: Int64) throws -> Countdown? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: "\(Self.activeColumns) WHERE id = ? AND state IN ('running', 'paused')", arguments: [id]
            )
            .map(Self.activeCountdown)
        }
    }

    /// The running and paused countdowns whose name matches `name` (as NameRules matches), by id.
    public func activeTimers(named name: String) throws -> [Countdown] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "\(Self.activeColumns) WHERE name_key = ? AND state IN ('running', 'paused') ORDER BY id",
                arguments: [NameRules.matchKey(name)]
            ).map(Self.activeCountdown)
        }
    }

    /// The match keys of active timers that begin with `name`'s (`tea`, `tea (2)`, …), up to
    /// `limit`: one range scan of `timer_active_name_key`, for choosing a name no active timer has.
    public func activeNameKeys(startingWith name: String, limit: Int) throws -> Set<String> {
        let key = NameRules.matchKey(name)
        return try database.read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT name_key FROM timer INDEXED BY timer_active_name_key
                        WHERE name_key >= ? AND name_key < ? AND state IN ('running', 'paused') LIMIT ?
                        """,
                    // Text compares by its UTF-8 bytes: every key that begins with `key` sorts
                    // below `key` followed by the largest code point.
                    arguments: [key, key + "\u{10FFFF}", limit]))
        }
    }

    /// Up to `limit` distinct names of active timers, sorted: walked in the order of
    /// `timer_active_name`, which SQLite's planner, without statistics, would pass over for
    /// `timer_active` and a sort of every active timer's name.
    public func activeNames(limit: Int) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT name FROM timer INDEXED BY timer_active_name
                    WHERE state IN ('running', 'paused') AND name IS NOT NULL ORDER BY name LIMIT ?
                    """, arguments: [limit])
        }
    }

    /// After the wall clock was set: each running timer keeps its boot-clock deadline, and its
    /// wall instant becomes the one `now` gives for it. One statement, in the open batch.
    public func moveWallInstants(now: ClockReading, bootID: String) throws {
        try database.write(.normal, savepoint: false) { db in
            try db.execute(
                sql: "UPDATE timer SET due_wall_ns = due_boot_ns + ? WHERE state = 'running' AND boot_id = ?",
                arguments: [now.wall.nanoseconds - now.boot.nanoseconds, bootID])
        }
    }

    static let activeColumns = """
        SELECT id, name, duration_ns, state, created_at_ns, due_wall_ns, due_boot_ns, remaining_ns, sound FROM timer
        """

    static func activeCountdown(_ row: Row) -> Countdown {
        let stateName: String = row[3]
        let state: CountdownState =
            stateName == "running"
            ? .running(Deadline(boot: BootTime(nanoseconds: row[6] ?? 0), wall: WallTime(nanoseconds: row[5] ?? 0)))
            : .paused(remaining: row[7] ?? 0)
        let sound: String? = row[8]
        return Countdown(
            id: row[0], name: row[1], duration: row[2], createdAt: WallTime(nanoseconds: row[4]), state: state,
            sound: sound.flatMap { try? SoundChoice.parse($0) })
    }
}
