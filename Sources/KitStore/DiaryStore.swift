import GRDB
import KitCore

/// Diary entries, with a trigram full-text index (`diary_fts`) kept in step by triggers. Days
/// are stored as `YYYY-MM-DD` and times as `HH:MM:SS`, so text order is time order.
public struct DiaryStore {
    let database: KitDatabase
}

extension DiaryStore {
    /// Inserts an entry built by `make` from the id the database assigns.
    public func insertDiaryEntry(_ make: (Int64) throws(KitError) -> DiaryEntry) throws -> DiaryEntry {
        try database.write { db in
            var entry = try make(try db.nextID(in: "diary_entry"))
            let record = try DiaryEntryRecord(entry)
            try record.insert(db)
            entry.uid = record.uid
            return entry
        }
    }

    /// Inserts many finished entries in one savepoint (imports and the benchmarks).
    public func insertDiaryEntries(_ entries: [DiaryEntry]) throws {
        try database.write { db in
            for entry in entries { try DiaryEntryRecord(entry).insert(db) }
        }
    }

    /// The entry whose iCalendar UID is `uid`.
    public func diaryEntry(uid: String) throws -> DiaryEntry? {
        try database.read { db in
            try DiaryEntryRecord.fetchOne(db, sql: "SELECT * FROM diary_entry WHERE uid = ?", arguments: [uid])?.entry
        }
    }

    public func diaryEntry(id: Int64) throws -> DiaryEntry? {
        try database.read { db in
            try DiaryEntryRecord.fetchOne(db, key: id)?.entry
        }
    }

    /// The latest entry of `day`: the one with the latest time, the last written among equals.
    public func latestDiaryEntry(on day: CivilDate) throws -> DiaryEntry? {
        try database.read { db in
            try DiaryEntryRecord.fetchOne(
                db,
                sql: """
                    SELECT * FROM diary_entry WHERE day = ?
                    ORDER BY time DESC, id DESC LIMIT 1
                    """,
                arguments: [day.iso8601]
            ).map(\.entry)
        }
    }

    /// The entries whose title is `title`, compared as names are; newest first.
    public func diaryEntries(titled title: String) throws -> [DiaryEntry] {
        try database.read { db in
            try DiaryEntryRecord.fetchAll(
                db,
                sql:
                    "SELECT * FROM diary_entry WHERE title_key = ? ORDER BY day DESC, time DESC, id DESC",
                arguments: [NameRules.matchKey(title)]
            ).map(\.entry)
        }
    }

    /// Entries from `from` (inclusive) to `to` (exclusive), newest first, without their text.
    public func diaryList(from: CivilDate?, to: CivilDate?, limit: Int?) throws -> [DiaryEntry] {
        try database.read { db in
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
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            arguments += [limit ?? -1]
            return try DiaryEntryRecord.fetchAll(
                db,
                sql: """
                    SELECT \(DiaryEntryRecord.columnsWithoutText) FROM diary_entry \(filter)
                    ORDER BY day DESC, time DESC, id DESC LIMIT ?
                    """,
                arguments: arguments
            ).map(\.entry)
        }
    }

    /// Entries on the given `MM-DD` days of years before `year`, newest first, with their text.
    public func diaryOnThisDay(monthDays: [String], before year: Int) throws -> [DiaryEntry] {
        try database.read { db in
            let marks = monthDays.map { _ in "?" }.joined(separator: ", ")
            return try DiaryEntryRecord.fetchAll(
                db,
                sql: """
                    SELECT * FROM diary_entry
                    WHERE substr(day, 6) IN (\(marks)) AND day < ?
                    ORDER BY day DESC, time DESC, id DESC
                    """,
                arguments: StatementArguments(monthDays) + [CivilDate(year: year, month: 1, day: 1).iso8601]
            ).map(\.entry)
        }
    }

    /// Every entry with its text, oldest first.
    public func allDiaryEntries() throws -> [DiaryEntry] {
        try database.read { db in
            try DiaryEntryRecord.fetchAll(
                db, sql: "SELECT * FROM diary_entry ORDER BY day, time, id"
            ).map(\.entry)
        }
    }

    /// The entries that hold every word of `query`, newest first: at most `limit` with their
    /// text, and how many match in all.
    public func searchDiary(_ query: SearchQuery, limit: Int) throws -> (total: Int, entries: [DiaryEntry]) {
        try database.read { db in
            let found = try FullTextSearch.search(
                query, in: db, fts: "diary_fts", orderedBy: "day DESC, time DESC, id DESC", limit: limit,
                as: DiaryEntryRecord.self)
            return (found.total, found.records.map(\.entry))
        }
    }

    public func updateDiaryEntry(_ entry: DiaryEntry) throws {
        try database.write(savepoint: false) { db in try DiaryEntryRecord(entry).updateIfPresent(db) }
    }

    public func deleteDiaryEntry(id: Int64) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM diary_entry WHERE id = ?", arguments: [id])
        }
    }

    /// Up to `limit` titles of the latest entries, for suggestions.
    public func recentDiaryTitles(limit: Int) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT title FROM diary_entry ORDER BY day DESC, time DESC, id DESC LIMIT ?",
                arguments: [limit])
        }
    }

    /// The days that have entries, nearest to `day` first.
    public func diaryDays(nearest day: CivilDate, limit: Int) throws -> [CivilDate] {
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
