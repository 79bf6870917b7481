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
        return Localized.text("note: %s is long for ramen; kept as given", LocaleDuration.text(time))
    }
    static func time(_ time: Nanoseconds) -> String { DurationFormatter.exactClock(time) }

    static func water(_ ramen: RamenInfo) -> String {
        ramen.waterMl > 0 ? "\(ramen.waterMl) ml" : (ramen.kind == .cup ? Localized.text("to the line") : "-")
    }

    /// How a ramen is cooked, in the user's language: `pot`, or `냄비` under ko_KR (`--kind` takes
    /// the English word).
    static func kindName(_ kind: RamenKind) -> String {
        switch kind {
        case .pot: Localized.text("pot")
        case .cup: Localized.text("cup")
        case .stirFried: Localized.text("stir-fried")
        case .drained: Localized.text("drained")
        case .cold: Localized.text("cold")
        }
    }

    static func table(_ list: [RamenInfo]) -> String {
        var table = Table(
            Localized.text("FAV"), Localized.text("NAME"), Localized.text("BRAND"), Localized.text("KIND"),
            Localized.text("TIME"), Localized.text("WATER"), Localized.text("COOKED"), Localized.text("ID"))
        for ramen in list {
            table.add(
                ramen.favouritePosition.map { "★\($0)" } ?? "",
                DisplayWidth.truncated(ramen.displayName, to: 40),
                ramen.brand ?? "-", kindName(ramen.kind),
                time(ramen.cookNs) + (ramen.cookNs != ramen.catalogCookNs ? "*" : ""),
                water(ramen), ramen.cookCount > 0 ? "\(ramen.cookCount)×" : "-", ramen.id)
        }
        return table.render()
    }

    static func details(_ ramen: RamenInfo) -> String {
        var details = Details("\(ramen.displayName)  [\(ramen.id)]", minimumWidth: 11)
        var made = [ramen.brand, ramen.brandLocal.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        if let country = ramen.country { made += made.isEmpty ? country : ", \(country)" }
        if !made.isEmpty { details.add(Localized.text("maker:"), made) }
        if let romanization = ramen.romanization { details.add(Localized.text("reads:"), romanization) }
        details.add(
            Localized.text("kind:"),
            ramen.origin == .own
                ? Localized.text("%s (your own)", kindName(ramen.kind)) : kindName(ramen.kind))
        details.add(
            Localized.text("time:"),
            ramen.cookNs != ramen.catalogCookNs
                ? Localized.text("%1$s (yours; the maker says %2$s)", time(ramen.cookNs), time(ramen.catalogCookNs))
                : time(ramen.cookNs))
        details.add(Localized.text("water:"), water(ramen))
        for (index, step) in ramen.steps.enumerated() {
            details.add(index == 0 ? Localized.text("steps:") : "", Localized.text(step.message))
        }
        if let memo = ramen.memo { details.add(Localized.text("memo:"), memo) }
        if let position = ramen.favouritePosition { details.add(Localized.text("favourite:"), "#\(position)") }
        if ramen.hidden {
            details.add(Localized.text("hidden:"), Localized.text("yes (kitctl ramen unhide %s)", ramen.id))
        }
        if ramen.cookCount > 0 {
            let count = Localized.plural("%d time", "%d times", ramen.cookCount)
            let last = ramen.lastCookedAt.flatMap(Timestamp.parse).map {
                LocalClock.short($0, now: TimerText.currentWallTime())
            }
            details.add(
                Localized.text("cooked:"), last.map { Localized.text("%1$s, last %2$s", count, $0) } ?? count)
        }
        if let note = ramen.note { details.add(Localized.text("note:"), Localized.text(KitMessage(phrase: note))) }
        if let source = ramen.source { details.add(Localized.text("source:"), source) }
        return details.render()
    }
}
