/// One diary entry: text whose first line is its title, the day (and time) it is about, and
/// what the writer noted about the day.
public struct DiaryEntry: Note, Identifiable {
    public static let noun = "diary entry"

    public let id: Int64
    /// Its iCalendar UID, stable across devices; empty until the store gives it one.
    public var uid: String
    /// The first line of the text.
    public var title: String
    /// The whole text; nil when only the title was read (lists).
    public var text: String?
    /// The civil date the entry belongs to, in the writer's time zone.
    public var day: CivilDate
    /// The time of day it was written, or the time given when back-dating; nil for a date alone.
    public var time: TimeOfDay?
    public var weather: String?
    public var mood: String?
    public var place: String?
    /// Free `key=value` metadata, in the order given, keys unique.
    public var fields: [DiaryField]
    public var createdAt: WallTime
    public var updatedAt: WallTime

    public init(
        id: Int64, uid: String = "", title: String? = nil, text: String?, day: CivilDate, time: TimeOfDay?,
        weather: String? = nil,
        mood: String? = nil,
        place: String? = nil, fields: [DiaryField] = [], createdAt: WallTime, updatedAt: WallTime
    ) {
        self.id = id
        self.uid = uid
        self.title = title ?? EntryText(text ?? "").title
        self.text = text
        self.day = day
        self.time = time
        self.weather = weather
        self.mood = mood
        self.place = place
        self.fields = fields
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// `2026-11-20 21:30`, or the date alone.
    public var when: String { time.map { day.iso8601 + " " + $0.description } ?? day.iso8601 }
}

/// A free `key=value` pair of diary metadata.
public struct DiaryField: Sendable, Hashable, Codable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// Reads `key=value` as typed after `--field`.
    public static func parse(_ text: String) throws(KitError) -> DiaryField {
        guard let equals = text.firstIndex(of: "=") else {
            throw .invalidArgument("cannot read '\(text)' as a field; write key=value, e.g. steps=8000")
        }
        return try validated(key: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }

    /// Trims both parts and checks them.
    public static func validated(key: String, value: String) throws(KitError) -> DiaryField {
        let trimmedKey = key.trimmingWhitespace()
        guard !trimmedKey.isEmpty else {
            throw .invalidArgument("a field has an empty key; write key=value, e.g. steps=8000")
        }
        guard trimmedKey.count <= 40, !trimmedKey.contains("=") else {
            throw .invalidArgument("the field key '\(trimmedKey)' is too long or holds '='; use up to 40 characters")
        }
        let checkedKey = try DiaryMetadata.validated(trimmedKey, noun: "field key") ?? trimmedKey
        let checkedValue = try DiaryMetadata.validated(value, noun: "value of field '\(checkedKey)'") ?? ""
        return DiaryField(key: checkedKey, value: checkedValue)
    }

    /// The fields with later keys replacing earlier ones of the same name (without regard to
    /// case), in the order first given.
    public static func merged(_ fields: [DiaryField]) -> [DiaryField] {
        var result: [DiaryField] = []
        for field in fields {
            if let index = result.firstIndex(where: { $0.key.lowercased() == field.key.lowercased() }) {
                result[index] = field
            } else {
                result.append(field)
            }
        }
        return result
    }
}

/// The rules for weather, mood, place and field values.
public enum DiaryMetadata {
    public static let maximumLength = 200
    public static let maximumFields = 32

    /// Trimmed; nil when empty. Refuses control characters and over-long values.
    public static func validated(_ raw: String?, noun: String) throws(KitError) -> String? {
        guard let raw else { return nil }
        let value = raw.trimmingWhitespace()
        guard !value.isEmpty else { return nil }
        guard value.count <= maximumLength else {
            throw .invalidArgument("the \(noun) has \(value.count) characters; the limit is \(maximumLength)")
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidArgument("the \(noun) contains control characters; use one line of text")
        }
        return value
    }
}
