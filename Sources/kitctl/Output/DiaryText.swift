import KitCore
import KitLocalization
import KitProtocol

/// How kitctl writes diary entries for people.
enum DiaryText {
    /// `2026-11-20 21:30` or `2026-11-20`.
    static func when(_ entry: DiaryEntryInfo) -> String {
        entry.time.map { entry.date + " " + String($0.prefix(5)) } ?? entry.date
    }

    /// `weather: rain · mood: calm · steps: 8000`, or "".
    static func metadata(_ entry: DiaryEntryInfo) -> String {
        var parts: [String] = []
        if let weather = entry.weather { parts.append(Localized.text("weather: %s", weather)) }
        if let mood = entry.mood { parts.append(Localized.text("mood: %s", mood)) }
        if let place = entry.place { parts.append(Localized.text("place: %s", place)) }
        parts += entry.fields.map { "\($0.key): \($0.value)" }
        return parts.joined(separator: " · ")
    }

    static func table(_ entries: [DiaryEntryInfo]) -> String {
        var table = Table(Localized.text("ID"), Localized.text("DATE"), Localized.text("TIME"), Localized.text("TITLE"))
        let width = max(20, (Terminal.isInteractive ? Terminal.columns : 120) - 30)
        for entry in entries {
            table.add(
                "\(entry.id)", entry.date, entry.time.map { String($0.prefix(5)) } ?? "",
                NoteText.clipped(entry.title, width: width))
        }
        return table.render()
    }

    /// The entry as `diary show` prints it: a line with the date and metadata, the title, the body.
    static func shown(_ entry: DiaryEntryInfo) -> String {
        let meta = metadata(entry)
        return "#\(entry.id)  \(when(entry))" + (meta.isEmpty ? "" : "  (\(meta))") + "\n\n"
            + NoteText.shown(entry.text ?? entry.title)
    }

    static func markdown(_ entry: DiaryEntryInfo) throws -> String {
        guard let parsed = entry.entry else {
            throw CLIError.usage(Localized.text("kitd sent an entry kitctl cannot read"))
        }
        return DiaryMarkdown.render(parsed)
    }
}
