import GRDB
import KitCore

/// `timer.list`, a page at a time. The list's order is the order of three indexes: running
/// timers by due instant (`timer_running_due`), paused ones by id (`timer_active`), ended ones by
/// when they ended (`timer_ended`); a page seeks each from where the last page ended
/// (`TimerListPosition`), so it reads only the rows it gives, whichever page it is and however
/// many timers there are. Each read names its index: without statistics, SQLite's planner may
/// pass over a partial index for a scan and a sort.
extension TimerStore {
    /// Timers in `timer.list`'s order, and where the list goes on.
    public struct TimerPage: Sendable {
        public var timers: [Countdown]
        /// Just after the last of `timers`, when more timers follow; nil when the list ends here.
        public var next: TimerListPosition?
    }

    /// Up to `limit` timers just after `position` (at least 1): the running ones, then the
    /// paused ones, then ended ones as long as the whole list has given fewer than `ended` of
    /// them (0: none). Reads `limit + 1` rows at most, the one more to tell whether a next page
    /// has anything.
    public func timerPage(
        after position: TimerListPosition, limit: Int, ended: Int, now: ClockReading, bootID: String
    ) throws -> TimerPage {
        precondition(limit > 0, "a page of no timers")
        let wanted = limit + 1
        var rows: [(timer: Countdown, position: TimerListPosition)] = []
        try database.read { db in
            switch position {
            case .start:
                rows += try Self.running(db, after: nil, limit: wanted).map { ($0, Self.position($0)) }
            case .running(let due, let id):
                rows += try Self.running(db, after: (due, id), limit: wanted).map { ($0, Self.position($0)) }
            case .paused, .ended: break
            }
            let pausedAfter: Int64? =
                switch position {
                case .start, .running: 0
                case .paused(let id): id
                case .ended: nil
                }
            if let pausedAfter, rows.count < wanted {
                rows += try Self.paused(db, after: pausedAfter, limit: wanted - rows.count).map {
                    ($0, .paused(id: $0.id))
                }
            }
            var endedKey: (endedAt: Int64, id: Int64)?
            var listed = 0
            if case .ended(let endedAt, let id, let count) = position {
                endedKey = (endedAt, id)
                listed = count
            }
            let room = min(wanted - rows.count, ended - listed)
            guard room > 0 else { return }
            for timer in try Self.ended(db, after: endedKey, limit: room, now: now, bootID: bootID) {
                listed += 1
                rows.append((timer, .ended(endedAt: Self.endedAt(timer), id: timer.id, listed: listed)))
            }
        }
        guard rows.count > limit else { return TimerPage(timers: rows.map(\.timer), next: nil) }
        return TimerPage(timers: rows.prefix(limit).map(\.timer), next: rows[limit - 1].position)
    }

    private static func position(_ timer: Countdown) -> TimerListPosition {
        guard case .running(let deadline) = timer.state else { return .paused(id: timer.id) }
        return .running(due: deadline.boot.nanoseconds, id: timer.id)
    }

    private static func endedAt(_ timer: Countdown) -> Int64 {
        switch timer.state {
        case .fired(let record): record.firedAt.nanoseconds
        case .cancelled(let at): at.nanoseconds
        case .running, .paused: 0
        }
    }

    /// Running timers after `key` (or from the first) by due instant, ties by id: those due at
    /// the key's instant with a higher id first, then those due later. (SQLite seeks a row value,
    /// `(due_boot_ns, id) > (?, ?)`, on its first column only: on a million timers due at one
    /// instant that walked them all.)
    private static func running(_ db: Database, after key: (due: Int64, id: Int64)?, limit: Int) throws
        -> [Countdown]
    {
        guard let key else {
            return try Row.fetchAll(db, sql: PageSQL.runningFirst, arguments: [limit]).map(activeCountdown)
        }
        var timers = try Row.fetchAll(db, sql: PageSQL.runningTied, arguments: [key.due, key.id, limit])
            .map(activeCountdown)
        guard timers.count < limit else { return timers }
        timers += try Row.fetchAll(db, sql: PageSQL.runningLater, arguments: [key.due, limit - timers.count])
            .map(activeCountdown)
        return timers
    }

    /// Paused timers with an id above `id`, by id.
    private static func paused(_ db: Database, after id: Int64, limit: Int) throws -> [Countdown] {
        try Row.fetchAll(db, sql: PageSQL.paused, arguments: [id, limit]).map(activeCountdown)
    }

    /// Ended timers after `key` (or from the last to end), the last to end first, ties by id,
    /// highest first.
    private static func ended(
        _ db: Database, after key: (endedAt: Int64, id: Int64)?, limit: Int, now: ClockReading, bootID: String
    ) throws -> [Countdown] {
        func fetch(_ sql: String, _ arguments: StatementArguments) throws -> [Countdown] {
            try TimerRecord.fetchAll(db, sql: sql, arguments: arguments).compactMap {
                $0.countdown(now: now, bootID: bootID)
            }
        }
        guard let key else { return try fetch(PageSQL.endedFirst, [limit]) }
        var timers = try fetch(PageSQL.endedTied, [key.endedAt, key.id, limit])
        guard timers.count < limit else { return timers }
        timers += try fetch(PageSQL.endedEarlier, [key.endedAt, limit - timers.count])
        return timers
    }

    /// The statements a page runs, each through the index of its part of the order.
    enum PageSQL {
        private static let running = "\(activeColumns) INDEXED BY timer_running_due WHERE state = 'running'"
        static let runningFirst = "\(running) ORDER BY due_boot_ns, id LIMIT ?"
        static let runningTied = "\(running) AND due_boot_ns = ? AND id > ? ORDER BY id LIMIT ?"
        static let runningLater = "\(running) AND due_boot_ns > ? ORDER BY due_boot_ns, id LIMIT ?"
        /// (`state = 'paused'` alone would not let SQLite use `timer_active`, whose rows are those
        /// `state IN ('running', 'paused')`.)
        static let paused = """
            \(activeColumns) INDEXED BY timer_active
            WHERE state IN ('running', 'paused') AND state = 'paused' AND id > ? ORDER BY id LIMIT ?
            """
        private static let ended = "SELECT * FROM timer INDEXED BY timer_ended WHERE state IN ('fired', 'cancelled')"
        static let endedFirst = "\(ended) ORDER BY ended_at_ns DESC, id DESC LIMIT ?"
        static let endedTied = "\(ended) AND ended_at_ns = ? AND id < ? ORDER BY id DESC LIMIT ?"
        static let endedEarlier = "\(ended) AND ended_at_ns < ? ORDER BY ended_at_ns DESC, id DESC LIMIT ?"
        static let all = [runningFirst, runningTied, runningLater, paused, endedFirst, endedTied, endedEarlier]
    }
}
