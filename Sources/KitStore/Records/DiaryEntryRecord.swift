import Foundation
import GRDB
import KitCore

/// A row of the `diary_entry` table. Its text is indexed by `diary_fts` (see FullTextSearch).
/// Days are stored as `YYYY-MM-DD` and times as `HH:MM:SS`, so text order is time order.
struct DiaryEntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "diary_entry"

    var id: Int64
    /// The iCalendar UID (migration v12); every row has one.
    var uid: String
    /// Nil only when read without it (`NoteTable.columnsWithoutText`); the column is never NULL.
    var text: String?
    /// The first line of the text.
    var title: String
    /// The title as names are matched (NameRules.matchKey).
    var titleKey: String
    var day: String
    var time: String?
    var weather: String?
    var mood: String?
    var place: String?
    /// The free `key=value` fields as JSON.
    var fields: String
    var createdAtNs: Int64
    var updatedAtNs: Int64

    enum CodingKeys: String, CodingKey {
        case id, uid, text, title, day, time, weather, mood, place, fields
        case titleKey = "title_key"
        case createdAtNs = "created_at_ns"
        case updatedAtNs = "updated_at_ns"
    }

    /// The row of an entry with this id; its title is the first line of its text, and an entry
    /// without a UID gets one.
    init(_ entry: DiaryEntry, id: Int64) throws {
        let text = entry.text ?? ""
        self.id = id
        uid = entry.uid.isEmpty ? UIDs.make() : entry.uid
        self.text = text
        title = EntryText(text).title
        titleKey = NameRules.matchKey(title)
        day = entry.day.iso8601
        time = entry.time?.text
        weather = entry.weather
        mood = entry.mood
        place = entry.place
        fields = String(decoding: try JSONEncoder().encode(entry.fields), as: UTF8.self)
        createdAtNs = entry.createdAt.nanoseconds
        updatedAtNs = entry.updatedAt.nanoseconds
    }

    /// The entry; a day, time or fields that no longer read are the epoch's day, no time and
    /// no fields rather than a lost entry.
    var entry: DiaryEntry {
        let date = (try? CivilDate.parseISO8601(day)) ?? CivilDate(year: 1970, month: 1, day: 1)
        return DiaryEntry(
            id: id, uid: uid, title: title, text: text, day: date,
            time: time.flatMap { CivilDateTime.parseStored(day + "T" + $0)?.time }, weather: weather, mood: mood,
            place: place, fields: (try? JSONDecoder().decode([DiaryField].self, from: Data(fields.utf8))) ?? [],
            createdAt: WallTime(nanoseconds: createdAtNs), updatedAt: WallTime(nanoseconds: updatedAtNs))
    }
}

extension DiaryEntry: StoredNote {
    /// Newest first, by the day and time they are about.
    public static let table = NoteTable<DiaryEntry>(
        name: "diary_entry", fts: "diary_fts",
        columnsWithoutText: """
            id, uid, NULL AS text, title, title_key, day, time, weather, mood, place, fields, created_at_ns, \
            updated_at_ns
            """,
        listOrder: "day DESC, time DESC, id DESC", oldestFirst: "day, time, id",
        decode: { try DiaryEntryRecord(row: $0).entry },
        insert: { entry, id, db in
            let record = try DiaryEntryRecord(entry, id: id)
            try record.insert(db)
            return record.entry
        },
        update: { entry, db in try DiaryEntryRecord(entry, id: entry.id).update(db) })
}
