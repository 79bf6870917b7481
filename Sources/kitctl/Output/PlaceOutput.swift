import KitCore
import KitLocalization
import KitProtocol

/// How places, facets, picks and history read on a terminal.
enum PlaceOutput {
    /// ` [area=수원역, kind=한식]`, or nothing without tags.
    static func tagSuffix(_ place: PlaceInfo) -> String {
        place.tags.isEmpty ? "" : " [" + place.tags.map(\.description).joined(separator: ", ") + "]"
    }

    static func table(_ places: [PlaceInfo]) -> String {
        var table = Table(
            Localized.text("ID"), Localized.text("NAME"), Localized.text("TAGS"), Localized.text("WEIGHT"),
            Localized.text("VISITED"))
        for place in places {
            table.add(
                String(place.id), place.name, place.tags.map(\.description).joined(separator: ", "),
                String(place.weight), when(place.lastVisitedAt) ?? "-")
        }
        return table.render()
    }

    static func details(_ place: PlaceInfo) -> String {
        var lines = ["\(place.name) (id \(place.id))"]
        func add(_ label: String, _ value: String?) {
            guard let value else { return }
            let width = max(9, DisplayWidth.of(label) + 1)
            lines.append("  " + DisplayWidth.padded(label, to: width) + value.replacingNewlines(indent: width + 2))
        }
        add(
            Localized.text("tags:"),
            place.tags.isEmpty ? Localized.text("(none)") : place.tags.map(\.description).joined(separator: ", "))
        add(Localized.text("url:"), place.url)
        add(Localized.text("phone:"), place.phone)
        add(Localized.text("address:"), place.address)
        add(Localized.text("note:"), place.note)
        add(Localized.text("weight:"), String(place.weight))
        add(Localized.text("image:"), place.imagePath)
        add(Localized.text("picked:"), when(place.lastPickedAt))
        add(Localized.text("visited:"), when(place.lastVisitedAt))
        return lines.joined(separator: "\n")
    }

    /// One block per category: its values with counts, the filter's own marked with `*`.
    static func facets(_ result: PlaceTagsResult, filter: [String]) -> String {
        let count = Localized.plural("%d place", "%d places", result.matching)
        var lines = [
            filter.isEmpty ? count : Localized.text("%1$s with %2$s", count, filter.joined(separator: " "))
        ]
        for category in result.categories {
            lines.append("")
            lines.append(
                category.category + (category.constrained ? " " + Localized.text("(filtered; counts if OR-ed in)") : "")
            )
            var table = Table("", "")
            for value in category.values {
                let mark = category.constrained ? (value.selected ? "* " : "  ") : ""
                table.add("  " + mark + value.value, String(value.count))
            }
            lines += table.render().split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(
                String.init)
        }
        if result.categories.isEmpty {
            lines.append(Localized.text("No tags yet: add some with `kitctl place edit REF --tag area=…`"))
        }
        return lines.joined(separator: "\n")
    }

    static func pick(_ result: PlacePickResult) -> String {
        var lines: [String] = []
        for place in result.picks {
            lines.append("→ " + (Colors.enabled ? Colors.bold(place.name) : place.name))
            if !place.tags.isEmpty { lines.append("  " + place.tags.map(\.description).joined(separator: " · ")) }
            if let address = place.address { lines.append("  " + address) }
            if let url = place.url { lines.append("  " + url) }
        }
        var footer = Localized.text("%1$s of %2$s matching", String(result.picks.count), String(result.candidates))
        if let round = result.round { footer += ", " + Localized.text("rotation round %s", String(round)) }
        footer += "; " + Localized.text("seed %s", String(result.seed))
        lines.append("(" + footer + ")")
        for note in result.notes { lines.append(Localized.text("note: %s", note)) }
        return lines.joined(separator: "\n")
    }

    static func history(_ entries: [PlaceHistoryInfo]) -> String {
        var table = Table(
            Localized.text("WHEN"), Localized.text("WHAT"), Localized.text("PLACE"), Localized.text("FILTER"))
        for entry in entries {
            table.add(
                when(entry.at) ?? entry.at, entry.kind.rawValue,
                entry.placeName + (entry.placeId == nil ? " (removed)" : ""),
                entry.filter.map { $0.isEmpty ? "(all)" : $0.replacingOccurrences(of: ";", with: " ") } ?? "")
        }
        return table.render()
    }

    /// A stored instant as local time, short: `14:05` today, `Fri 12:30`, `2026-11-02 12:30`.
    private static func when(_ text: String?) -> String? {
        guard let text, let instant = Timestamp.parse(text) else { return nil }
        return LocalClock.short(instant, now: TimerText.currentWallTime())
    }
}

extension String {
    fileprivate func replacingNewlines(indent: Int) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(
            separator: "\n" + String(repeating: " ", count: indent))
    }

    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
