import KitCore
import KitLocalization
import KitProtocol

/// How kitctl writes memos and diary entries for people.
enum NoteText {
    /// A snippet on one line: matches in bold on a colour terminal, else between `[` and `]`.
    static func snippet(_ parts: [SnippetPart]) -> String {
        guard Colors.enabled else { return Snippet.bracketed(parts) }
        return parts.map { $0.isMatch ? Colors.bold(Colors.red($0.text)) : $0.text }.joined()
    }

    /// `text` cut to `width` display columns, with `…` when cut.
    static func clipped(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.of(String(character))
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// A stored instant as a short local time: `14:05` today, else `Nov 20 21:30`.
    static func when(_ rfc3339: String) -> String {
        guard let instant = Timestamp.parse(rfc3339) else { return rfc3339 }
        return when(instant)
    }

    static func when(_ instant: WallTime) -> String {
        LocalClock.brief(instant, now: TimerText.currentWallTime())
    }

    /// The title, a blank line and the body: the text as shown, leading blank lines trimmed.
    static func shown(_ text: String) -> String {
        let split = EntryText(text)
        return split.body.isEmpty ? split.title : split.title + "\n\n" + split.body
    }

    /// Today on the local civil clock.
    static var today: CivilDate { CivilDateTime(TimerText.currentWallTime(), in: LocalZone()).date }

    /// Now on the local civil clock, to the minute: `2026-11-22 10:44`.
    static var nowText: String {
        let now = CivilDateTime(TimerText.currentWallTime(), in: LocalZone())
        return now.date.iso8601 + " " + TimeOfDay(hour: now.hour, minute: now.minute).description
    }

    /// Search hits, each a heading line and its snippet, with a line when more were found;
    /// `noun` says what matched nothing ("No memo contains …").
    static func searchResults(
        _ hits: [(heading: String, snippet: [SnippetPart])], total: Int, terms: [String], noun: String
    ) -> String {
        guard !hits.isEmpty else {
            let words = terms.joined(separator: " and ")
            return noun == "memo"
                ? Localized.text("No memo contains %s", words) : Localized.text("No entry contains %s", words)
        }
        var lines: [String] = []
        for hit in hits {
            lines.append(hit.heading)
            lines.append("    " + snippet(hit.snippet))
        }
        if total > hits.count { lines.append("(\(hits.count) of \(total) shown; --limit shows more)") }
        return lines.joined(separator: "\n")
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
