/// A note: a memo or a diary entry. Both are free text whose first line is the title, kept with
/// an iCalendar UID and the times of their making and last change; what else each holds (a pin;
/// a day, weather, mood, place and fields) is its own data. One store face (`NoteStore`), one
/// vdir side and one search serve both.
public protocol Note: Sendable, Equatable {
    var id: Int64 { get }
    /// Its iCalendar UID, stable across devices; empty until the store gives it one.
    var uid: String { get set }
    /// The first line of the text.
    var title: String { get }
    /// The whole text; nil when only the title was read (lists).
    var text: String? { get }
    var createdAt: WallTime { get set }
    var updatedAt: WallTime { get set }

    /// What a person calls one: `memo`, `diary entry`.
    static var noun: String { get }
}
