import KitCore
import KitLocalization

/// A diary entry as Markdown, ready to paste: the title as a heading, a line with the date and
/// the metadata, then the body.
enum DiaryMarkdown {
    static func render(_ entry: DiaryEntry, headingLevel: Int = 1) -> String {
        let text = EntryText(entry.text ?? entry.title)
        var meta = [WeekdayText.full(entry.day.weekday) + ", " + entry.when]
        if let weather = entry.weather { meta.append(Localized.text("weather: %s", weather)) }
        if let mood = entry.mood { meta.append(Localized.text("mood: %s", mood)) }
        if let place = entry.place { meta.append(Localized.text("place: %s", place)) }
        meta += entry.fields.map { "\($0.key): \($0.value)" }
        var result = String(repeating: "#", count: max(1, min(6, headingLevel))) + " " + text.title + "\n\n"
        result += "*" + meta.joined(separator: " · ") + "*\n"
        if !text.body.isEmpty { result += "\n" + text.body + "\n" }
        return result
    }

    /// Every entry in one document, oldest first, under one heading.
    static func document(_ entries: [DiaryEntry], title: String = "Diary") -> String {
        "# \(title)\n" + entries.map { "\n" + render($0, headingLevel: 2) }.joined()
    }
}
