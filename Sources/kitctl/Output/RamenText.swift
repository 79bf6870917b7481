import KitCore
import KitLocalization
import KitProtocol

/// How kitctl writes ramen for people.
enum RamenText {
    /// A cook time a person more likely mistyped (`2h` for `2m`) is taken, and said back.
    static let longCook = 30 * 60 * Nanoseconds.second

    /// `note: 2h is long for ramen`, for a time given over 30 minutes; nil otherwise.
    static func longCookNote(_ time: Nanoseconds?) -> String? {
        guard let time, time > longCook else { return nil }
        return "note: \(DurationFormatter.compact(time)) is long for ramen; kept as given"
    }
    static func time(_ time: Nanoseconds) -> String { DurationFormatter.exactClock(time) }

    static func water(_ ramen: RamenInfo) -> String {
        ramen.waterMl > 0 ? "\(ramen.waterMl) ml" : (ramen.kind == .cup ? "to the line" : "-")
    }

    static func table(_ list: [RamenInfo]) -> String {
        var table = Table(
            Localized.text("FAV"), Localized.text("NAME"), Localized.text("BRAND"), Localized.text("KIND"),
            Localized.text("TIME"), Localized.text("WATER"), Localized.text("COOKED"), Localized.text("ID"))
        for ramen in list {
            table.add(
                ramen.favouritePosition.map { "★\($0)" } ?? "",
                DisplayWidth.truncated(ramen.displayName, to: 40),
                ramen.brand ?? "-", ramen.kind.rawValue,
                time(ramen.cookNs) + (ramen.cookNs != ramen.catalogCookNs ? "*" : ""),
                water(ramen), ramen.cookCount > 0 ? "\(ramen.cookCount)×" : "-", ramen.id)
        }
        return table.render()
    }

    static func details(_ ramen: RamenInfo) -> String {
        var lines = ["\(ramen.displayName)  [\(ramen.id)]"]
        var made = [ramen.brand, ramen.brandLocal.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        if let country = ramen.country { made += made.isEmpty ? country : ", \(country)" }
        if !made.isEmpty { lines.append("maker:     \(made)") }
        if let romanization = ramen.romanization { lines.append("reads:     \(romanization)") }
        lines.append("kind:      \(ramen.kind)" + (ramen.origin == .own ? " (your own)" : ""))
        lines.append(
            "time:      \(time(ramen.cookNs))"
                + (ramen.cookNs != ramen.catalogCookNs
                    ? " (yours; the maker says \(time(ramen.catalogCookNs)))" : ""))
        lines.append("water:     \(water(ramen))")
        for (index, step) in ramen.steps.enumerated() {
            lines.append((index == 0 ? "steps:     " : "           ") + step.description)
        }
        if let memo = ramen.memo { lines.append("memo:      \(memo)") }
        if let position = ramen.favouritePosition { lines.append("favourite: #\(position)") }
        if ramen.hidden { lines.append("hidden:    yes (kitctl ramen unhide \(ramen.id))") }
        if ramen.cookCount > 0 {
            let last =
                ramen.lastCookedAt.flatMap(Timestamp.parse).map {
                    ", last \(LocalClock.short($0, now: TimerText.currentWallTime()))"
                } ?? ""
            lines.append("cooked:    \(ramen.cookCount) time\(ramen.cookCount == 1 ? "" : "s")\(last)")
        }
        if let note = ramen.note { lines.append("note:      \(note)") }
        if let source = ramen.source { lines.append("source:    \(source)") }
        return lines.joined(separator: "\n")
    }
}
