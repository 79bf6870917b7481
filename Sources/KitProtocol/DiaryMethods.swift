import KitCore

// The stored properties of the types extended here are declared in Wire/DiaryMethods.wire.

/// Identified by its id, as the `DiaryEntry` it shows.
extension DiaryEntryInfo: Identifiable {}

extension DiaryEntryInfo {
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

extension DiaryListParams {
    public static var bounds: [ParamBound<Self>] { [.count("limit", \.limit, 1...Int.max, unit: "entries")] }
}

/// The `diary.*` events.
extension Event {
    /// Written, edited or deleted.
    public static let diaryChanged = "diary.changed"
}

extension DiaryEvent {
    /// What happened to the entry; `synced`: a change came in through the diary's vdir.
    public enum Change: String, WireEnum {
        case written, edited, deleted, synced
    }
}
