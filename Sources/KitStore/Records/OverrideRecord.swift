import Foundation
import KitCore

/// An occurrence changed on its own (`SeriesDates.Override`), as the `task.overrides` column
/// keeps it: one element of a JSON array.
struct OverrideRecord: Codable {
    var original: String
    var start: String?
    var title: String?
    var note: String?
    /// True for a change to this and every later occurrence; absent (before v0.2's series
    /// splits, and for one occurrence) means false.
    var future: Bool?
    /// True for an occurrence done on its own; absent means false.
    var done: Bool?

    init(_ override: SeriesDates.Override) {
        original = override.original.iso8601
        start = override.start?.iso8601
        title = override.title
        note = override.note
        future = override.thisAndFuture ? true : nil
        done = override.done ? true : nil
    }

    func override() throws -> SeriesDates.Override {
        SeriesDates.Override(
            original: try CivilDateTime.parseISO8601(original),
            start: try start.map { try CivilDateTime.parseISO8601($0) },
            title: title, note: note, thisAndFuture: future ?? false, done: done ?? false)
    }

    /// The column's text for these overrides, or nil for none.
    static func text(_ overrides: [SeriesDates.Override]) -> String? {
        guard !overrides.isEmpty, let data = try? JSONEncoder().encode(overrides.map(OverrideRecord.init)) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads what `text` wrote.
    static func overrides(_ text: String?) throws -> [SeriesDates.Override] {
        guard let text, !text.isEmpty else { return [] }
        return try JSONDecoder().decode([OverrideRecord].self, from: Data(text.utf8)).map { try $0.override() }
    }
}
