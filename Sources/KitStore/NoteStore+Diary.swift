import GRDB
import KitCore

/// The diary's own queries: by day. Days are stored as `YYYY-MM-DD` and times as `HH:MM:SS`,
/// so text order is time order.
extension NoteStore where N == DiaryEntry {
    /// The latest entry of `day`: the one with the latest time, the last written among equals.
    public func latest(on day: CivilDate) throws -> DiaryEntry? {
        try fetch(
            "SELECT * FROM diary_entry WHERE day = ? ORDER BY time DESC, id DESC LIMIT 1", [day.iso8601]
        ).first
    }

    /// Entries from `from` (inclusive) to `to` (exclusive), newest first, without their text.
    public func list(from: CivilDate?, to: CivilDate?, limit: Int?) throws -> [DiaryEntry] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let from {
            conditions.append("day >= ?")
            arguments += [from.iso8601]
        }
        if let to {
            conditions.append("day < ?")
            arguments += [to.iso8601]
        }
        return try list(where: conditions.joined(separator: " AND "), arguments, limit: limit)
    }

    /// Entries on the given `MM-DD` days of years before `year`, newest first, with their text.
    public func onThisDay(monthDays: [String], before year: Int) throws -> [DiaryEntry] {
        let marks = monthDays.map { _ in "?" }.joined(separator: ", ")
        return try fetch(
            """
            SELECT * FROM diary_entry
            WHERE substr(day, 6) IN (\(marks)) AND day < ?
            ORDER BY day DESC, time DESC, id DESC
            """,
            StatementArguments(monthDays) + [CivilDate(year: year, month: 1, day: 1).iso8601])
    }

    /// The days that have entries, nearest to `day` first.
    public func days(nearest day: CivilDate, limit: Int) throws -> [CivilDate] {
        try database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT day FROM diary_entry
                    ORDER BY abs(julianday(day) - julianday(?)), day DESC LIMIT ?
                    """,
                arguments: [day.iso8601, limit]
            ).compactMap { try? CivilDate.parseISO8601($0) }
        }
    }
}
