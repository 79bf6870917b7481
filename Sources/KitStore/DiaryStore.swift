import Foundation
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
            let next =
                (try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'diary_entry'") ?? 0) + 1
            let entry = try make(next)
            try Self.insert(entry, in: db)
            return entry
        }
    }

    /// Inserts many finished entries in one savepoint (imports and the benchmarks).
    public func insertDiaryEntries(_ entries: [DiaryEntry]) throws {
        try database.write { db in
            for entry in entries { try Self.insert(entry, in: db) }
        }
    }

    public func diaryEntry(id: Int64) throws -> DiaryEntry? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.diaryColumns) FROM diary_entry WHERE id = ?", arguments: [id])
                .map { Self.entry($0, withText: true) }
        }
    }

    /// The latest entry of `day`: the one with the latest time, the last written among equals.
    public func latestDiaryEntry(on day: CivilDate) throws -> DiaryEntry? {
        try database.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT \(Self.diaryColumns) FROM diary_entry WHERE day = ?
                    ORDER BY time DESC, id DESC LIMIT 1
                    """,
                arguments: [day.iso8601]
            ).map { Self.entry($0, withText: true) }
        }
    }

    /// The entries whose title is `title`, compared as names are; newest first.
    public func diaryEntries(titled title: String) throws -> [DiaryEntry] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT \(Self.diaryColumns) FROM diary_entry WHERE title_key = ? ORDER BY day DESC, time DESC, id DESC",
                arguments: [NameRules.matchKey(title)]
            ).map { Self.entry($0, withText: true) }
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
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.diaryColumns(text: false)) FROM diary_entry \(filter)
                    ORDER BY day DESC, time DESC, id DESC LIMIT ?
                    """,
                arguments: arguments
            ).map { Self.entry($0, withText: false) }
        }
    }

    /// Entries on the given `MM-DD` days of years before `year`, newest first, with their text.
    public func diaryOnThisDay(monthDays: [String], before year: Int) throws -> [DiaryEntry] {
        try database.read { db in
            let marks = monthDays.map { _ in "?" }.joined(separator: ", ")
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.diaryColumns) FROM diary_entry
                    WHERE substr(day, 6) IN (\(marks)) AND day < ?
                    ORDER BY day DESC, time DESC, id DESC
                    """,
                arguments: StatementArguments(monthDays) + [CivilDate(year: year, month: 1, day: 1).iso8601]
            ).map { Self.entry($0, withText: true) }
        }
    }

    /// Every entry with its text, oldest first.
    public func allDiaryEntries() throws -> [DiaryEntry] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Self.diaryColumns) FROM diary_entry ORDER BY day, time, id"
            ).map { Self.entry($0, withText: true) }
        }
    }

    /// The entries that hold every word of `query`, newest first: at most `limit` with their
    /// text, and how many match in all.
    public func searchDiary(_ query: SearchQuery, limit: Int) throws -> (total: Int, entries: [DiaryEntry]) {
        try database.read { db in
            let (condition, arguments) = FullTextSearch.condition(query, fts: "diary_fts")
            let total = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM diary_entry WHERE \(condition)", arguments: arguments)
            let entries = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.diaryColumns) FROM diary_entry WHERE \(condition)
                    ORDER BY day DESC, time DESC, id DESC LIMIT ?
                    """,
                arguments: arguments + [limit]
            ).map { Self.entry($0, withText: true) }
            return (total ?? 0, entries)
        }
    }

    public func updateDiaryEntry(_ entry: DiaryEntry) throws {
        try database.write(savepoint: false) { db in
            let text = entry.text ?? ""
            let title = EntryText(text).title
            try db.execute(
                sql: """
                    UPDATE diary_entry SET text = ?, title = ?, title_key = ?, day = ?, time = ?, weather = ?,
                        mood = ?, place = ?, fields = ?, updated_at_ns = ?
                    WHERE id = ?
                    """,
                arguments: [
                    text, title, NameRules.matchKey(title), entry.day.iso8601, entry.time?.text, entry.weather,
                    entry.mood, entry.place, try Self.encode(entry.fields), entry.updatedAt.nanoseconds, entry.id,
                ])
        }
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

    private static let diaryColumns = diaryColumns(text: true)

    private static func diaryColumns(text: Bool) -> String {
        "id, title, \(text ? "text" : "NULL"), day, time, weather, mood, place, fields, created_at_ns, updated_at_ns"
    }

    private static func insert(_ entry: DiaryEntry, in db: Database) throws {
        let text = entry.text ?? ""
        let title = EntryText(text).title
        try db.execute(
            sql: """
                INSERT INTO diary_entry (id, text, title, title_key, day, time, weather, mood, place, fields,
                    created_at_ns, updated_at_ns)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                entry.id, text, title, NameRules.matchKey(title), entry.day.iso8601, entry.time?.text, entry.weather,
                entry.mood, entry.place, try encode(entry.fields), entry.createdAt.nanoseconds,
                entry.updatedAt.nanoseconds,
            ])
    }

    private static func entry(_ row: Row, withText: Bool) -> DiaryEntry {
        let dayText: String = row[3]
        let timeText: String? = row[4]
        let fieldsText: String = row[8]
        let day =
            (try? CivilDate.parseISO8601(dayText)) ?? CivilDate(year: 1970, month: 1, day: 1)
        let time = timeText.flatMap { CivilDateTime.parseStored(dayText + "T" + $0)?.time }
        let fields = (try? JSONDecoder().decode([DiaryField].self, from: Data(fieldsText.utf8))) ?? []
        return DiaryEntry(
            id: row[0], title: row[1], text: withText ? row[2] : nil, day: day, time: time, weather: row[5],
            mood: row[6], place: row[7], fields: fields, createdAt: WallTime(nanoseconds: row[9]),
            updatedAt: WallTime(nanoseconds: row[10]))
    }

    private static func encode(_ fields: [DiaryField]) throws -> String {
        String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
    }
}
