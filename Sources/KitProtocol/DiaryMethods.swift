import KitCore

/// A diary entry as the protocol shows it. All fields are stable.
public struct DiaryEntryInfo: WireValue, Equatable {
    public var id: Int64
    /// Its iCalendar UID, stable across devices (`…@kit` for entries written here).
    public var uid: String
    /// The first line of the text.
    public var title: String
    /// The whole text: in `diary.get`, `diary.write`, `diary.edit`, search results, `diary.onThisDay`
    /// and `diary.export`; absent in `diary.list` and events.
    public var text: String?
    /// The day it is about, `YYYY-MM-DD`.
    public var date: String
    /// `HH:MM:SS`, absent for an entry dated with a day alone.
    public var time: String?
    public var weather: String?
    public var mood: String?
    public var place: String?
    /// Free metadata, in the order given; empty when there is none.
    public var fields: [DiaryField]
    public var createdAt: String
    public var updatedAt: String

    public init(
        id: Int64, uid: String, title: String, text: String?, date: String, time: String?, weather: String?,
        mood: String?, place: String?, fields: [DiaryField], createdAt: String, updatedAt: String
    ) {
        self.id = id
        self.uid = uid
        self.title = title
        self.text = text
        self.date = date
        self.time = time
        self.weather = weather
        self.mood = mood
        self.place = place
        self.fields = fields
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public init(_ entry: DiaryEntry, withText: Bool = true) {
        self.init(
            id: entry.id, uid: entry.uid, title: entry.title, text: withText ? entry.text : nil,
            date: entry.day.iso8601,
            time: entry.time?.text, weather: entry.weather, mood: entry.mood, place: entry.place,
            fields: entry.fields, createdAt: Timestamp.rfc3339(entry.createdAt),
            updatedAt: Timestamp.rfc3339(entry.updatedAt))
    }

    /// The entry in KitCore's terms (for Markdown); nil if `date` or `time` cannot be read.
    public var entry: DiaryEntry? {
        guard let day = try? CivilDate.parseISO8601(date) else { return nil }
        let parsedTime = time.flatMap { CivilDateTime.parseStored(date + "T" + $0)?.time }
        if time != nil && parsedTime == nil { return nil }
        return DiaryEntry(
            id: id, uid: uid, title: title, text: text, day: day, time: parsedTime, weather: weather, mood: mood,
            place: place,
            fields: fields, createdAt: Timestamp.parse(createdAt) ?? WallTime(nanoseconds: 0),
            updatedAt: Timestamp.parse(updatedAt) ?? WallTime(nanoseconds: 0))
    }
}

public struct DiaryWriteParams: WireValue {
    public var text: String
    /// `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`, `today` or `yesterday`; absent: now, in kitd's zone.
    public var date: String?
    public var weather: String?
    public var mood: String?
    public var place: String?
    public var fields: [DiaryField]?

    public init(
        text: String, date: String? = nil, weather: String? = nil, mood: String? = nil, place: String? = nil,
        fields: [DiaryField]? = nil
    ) {
        self.text = text
        self.date = date
        self.weather = weather
        self.mood = mood
        self.place = place
        self.fields = fields
    }
}

public struct DiaryEditParams: WireValue {
    /// An id, a date (`YYYY-MM-DD`, `today`, `yesterday`: that day's latest entry) or a title.
    public var ref: RecordRef
    /// The new whole text; absent keeps it.
    public var text: String?
    /// A new date, as for `diary.write`; absent keeps it.
    public var date: String?
    /// New metadata; absent keeps it, `""` removes it.
    public var weather: String?
    public var mood: String?
    public var place: String?
    /// Fields to set, merged into the entry's by key; an empty `value` removes that key.
    public var fields: [DiaryField]?

    public init(
        ref: String, text: String? = nil, date: String? = nil, weather: String? = nil, mood: String? = nil,
        place: String? = nil, fields: [DiaryField]? = nil
    ) {
        self.ref = RecordRef(ref)
        self.text = text
        self.date = date
        self.weather = weather
        self.mood = mood
        self.place = place
        self.fields = fields
    }
}

public struct DiaryRefParams: WireValue {
    /// An id, a date (`YYYY-MM-DD`, `today`, `yesterday`: that day's latest entry) or a title.
    public var ref: RecordRef
    public init(ref: String) { self.ref = RecordRef(ref) }
}

public struct DiaryListParams: WireValue, BoundedParams {
    public static var bounds: [ParamBound<Self>] { [.count("limit", \.limit, 1...Int.max, unit: "entries")] }

    /// `YYYY-MM`: only that month. Absent: every entry.
    public var month: String?
    /// The most entries to return, newest first.
    public var limit: Int?
    public init(month: String? = nil, limit: Int? = nil) {
        self.month = month
        self.limit = limit
    }
}

public struct DiaryListResult: WireValue {
    /// The month listed, when one was asked for.
    public var month: String?
    public var entries: [DiaryEntryInfo]
    public init(month: String?, entries: [DiaryEntryInfo]) {
        self.month = month
        self.entries = entries
    }
}

public struct DiarySearchHit: Codable, Sendable {
    public var entry: DiaryEntryInfo
    public var snippet: [SnippetPart]
    public init(entry: DiaryEntryInfo, snippet: [SnippetPart]) {
        self.entry = entry
        self.snippet = snippet
    }
}

public struct DiarySearchResult: WireValue {
    public var terms: [String]
    public var total: Int
    public var results: [DiarySearchHit]
    public init(terms: [String], total: Int, results: [DiarySearchHit]) {
        self.terms = terms
        self.total = total
        self.results = results
    }
}

public struct DiaryOnThisDayParams: WireValue {
    /// The day to look back from, `YYYY-MM-DD`; absent: today in kitd's zone.
    public var date: String?
    public init(date: String? = nil) { self.date = date }
}

public struct DiaryOnThisDayResult: WireValue {
    /// The day looked back from.
    public var date: String
    /// Entries on the same month and day in earlier years, newest first.
    public var entries: [DiaryEntryInfo]
    public init(date: String, entries: [DiaryEntryInfo]) {
        self.date = date
        self.entries = entries
    }
}

public struct DiaryExportResult: WireValue {
    /// Every entry with its text, oldest first.
    public var entries: [DiaryEntryInfo]
    public init(entries: [DiaryEntryInfo]) { self.entries = entries }
}

public struct DiaryDeleteResult: WireValue {
    public var deleted: Int64
    public init(deleted: Int64) { self.deleted = deleted }
}

/// The `diary.*` events.
extension Event {
    /// Written, edited or deleted.
    public static let diaryChanged = "diary.changed"
}

/// `diary.changed`: the entry without its text, and what happened to it.
public struct DiaryEvent: Codable, Sendable {
    /// What happened to the entry; `synced`: a change came in through the diary's vdir.
    public enum Change: String, WireEnum {
        case written, edited, deleted, synced
    }

    public var entry: DiaryEntryInfo
    public var change: Change
    public init(entry: DiaryEntryInfo, change: Change) {
        self.entry = entry
        self.change = change
    }
}
