import GRDB
import KitCore

/// What kitd did with the alarms of the calendars it watches: rung, dismissed, or snoozed until
/// an instant. The calendars' files are never written; this is kit's memory of them.
public struct WatchedAlarmStore {
    let database: KitDatabase
}

extension WatchedAlarmStore {
    /// One alarm's record.
    public struct Record: Equatable, Sendable {
        public enum State: String, Sendable {
            case rang, dismissed, snoozed
        }

        public var uid: String
        /// The occurrence's date-time by the rule, ISO 8601 (`2027-01-04T10:00:00`).
        public var occurrence: String
        /// The alarm, by its trigger as kit writes it.
        public var alarm: String
        /// Which repeat; -1 for all of the alarm's.
        public var repetition: Int
        public var state: State
        /// For a snooze: when it rings again.
        public var until: WallTime?
        public var at: WallTime

        public init(
            uid: String, occurrence: String, alarm: String, repetition: Int, state: State, until: WallTime? = nil,
            at: WallTime
        ) {
            self.uid = uid
            self.occurrence = occurrence
            self.alarm = alarm
            self.repetition = repetition
            self.state = state
            self.until = until
            self.at = at
        }
    }

    /// The records made at or after `since`, the oldest first.
    public func records(since: WallTime) throws -> [Record] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT uid, occurrence, alarm, repetition, state, until_ns, at_ns FROM watched_alarm
                    WHERE at_ns >= ? ORDER BY at_ns
                    """, arguments: [since.nanoseconds]
            ).map { row in
                Record(
                    uid: row[0], occurrence: row[1], alarm: row[2], repetition: row[3],
                    state: Record.State(rawValue: row[4]) ?? .rang,
                    until: (row[5] as Int64?).map(WallTime.init(nanoseconds:)), at: WallTime(nanoseconds: row[6]))
            }
        }
    }

    /// Keeps `record`, in the open batch, over any earlier one of the same alarm and repeat.
    public func keep(_ record: Record) throws {
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO watched_alarm (uid, occurrence, alarm, repetition, state, until_ns, at_ns)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    record.uid, record.occurrence, record.alarm, record.repetition, record.state.rawValue,
                    record.until?.nanoseconds, record.at.nanoseconds,
                ])
        }
    }

    /// Since when kitd has watched the folder `path`, or nil when it never has.
    public func watchedSince(_ path: String) throws -> WallTime? {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT since_ns FROM watched_calendar WHERE path = ?", arguments: [path])
                .map(WallTime.init(nanoseconds:))
        }
    }

    /// Keeps that kitd watches `path` from `since`, in the open batch, unless it did already.
    public func watch(_ path: String, since: WallTime) throws {
        try database.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO watched_calendar (path, since_ns) VALUES (?, ?)",
                arguments: [path, since.nanoseconds])
        }
    }

    /// Forgets the records made before `before`: alarms long past ring no more either way.
    public func forget(before: WallTime) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM watched_alarm WHERE at_ns < ?", arguments: [before.nanoseconds])
        }
    }
}
