import KitCore
import KitLocalization
import KitProtocol

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One line for a status bar from `daemon.status`: a format with placeholders, or, by default,
/// what is going on (`tea 3:12 left · 2 stopwatches · 1 task overdue`). The countdown is worked out
/// here from the due instant, so a bar can redraw it every second without asking kitd.
struct StatusFeed {
    /// The placeholders a format may use, with what each stands for (for `--help` and errors).
    static let placeholders: [(name: String, meaning: String)] = [
        ("timer", Localized.text("the next timer's name and time left (tea 3:12 left)")),
        ("timer_name", Localized.text("the next timer's name")), ("timer_left", Localized.text("its time left (3:12)")),
        ("timers", Localized.text("how many timers run or are paused")),
        ("stopwatches", Localized.text("how many stopwatches run")),
        ("task", Localized.text("the next task due and when (dentist at 14:30, or stretch snoozed until 22:42)")),
        ("task_title", Localized.text("the next task's title")),
        ("task_due", Localized.text("when its popup comes (14:30, or tomorrow 09:00)")),
        ("overdue", Localized.text("how many tasks are overdue")),
        ("alarm", Localized.text("the next alarm of a watched calendar and when (standup at 09:50)")),
        ("alarm_title", Localized.text("the next alarm's title")),
        ("alarm_at", Localized.text("when it goes off (09:50, or tomorrow 08:50)")),
    ]

    var status: DaemonStatusResult

    /// Whether a timer is counting down, so the line changes every second.
    var counting: Bool { status.next != nil }

    func remaining(now: WallTime) -> Nanoseconds? {
        guard let next = status.next, let due = Timestamp.parse(next.dueAt) else { return nil }
        return max(0, due - now)
    }

    func value(of name: String, now: WallTime) -> String? {
        switch name {
        case "timer":
            guard let next = status.next else { return "" }
            // Time left has a unit, so that it does not read as a time of day.
            return Localized.text("%1$s %2$s left", next.label, DurationFormatter.clock(remaining(now: now) ?? 0))
        case "timer_name": return status.next?.label ?? ""
        case "timer_left": return remaining(now: now).map { DurationFormatter.clock($0) } ?? ""
        case "timers": return String(status.timers.running + status.timers.paused)
        case "stopwatches": return String(status.stopwatches?.running ?? 0)
        case "task":
            guard let next = status.tasks?.next else { return "" }
            let when = value(of: "task_due", now: now) ?? ""
            return next.snoozedUntil == nil
                ? Localized.text("%1$s at %2$s", next.title, when)
                : Localized.text("%1$s snoozed until %2$s", next.title, when)
        case "task_title": return status.tasks?.next?.title ?? ""
        case "task_due":
            // When its popup comes: a snoozed task's when its snooze ends.
            guard let next = status.tasks?.next, let due = Timestamp.parse(next.snoozedUntil ?? next.dueAt) else {
                return ""
            }
            return LocalClock.brief(due, now: now)
        case "overdue": return String(status.tasks?.overdue ?? 0)
        case "alarm":
            guard let next = status.calendars?.next else { return "" }
            return Localized.text("%1$s at %2$s", next.title, value(of: "alarm_at", now: now) ?? "")
        case "alarm_title": return status.calendars?.next?.title ?? ""
        case "alarm_at":
            guard let next = status.calendars?.next, let at = Timestamp.parse(next.at) else { return "" }
            return LocalClock.brief(at, now: now)
        default: return nil
        }
    }

    /// `format` with its placeholders filled (`{{` and `}}` are braces), or the default line.
    func line(format: String?, now: WallTime) throws(CLIError) -> String {
        guard let format else { return defaultLine(now: now) }
        return try Self.render(format) { name in value(of: name, now: now) }
    }

    /// Checks a format's placeholders before anything is asked of kitd.
    static func validate(_ format: String) throws(CLIError) {
        _ = try render(format) { name in placeholders.contains { $0.name == name } ? "" : nil }
    }

    private static func render(_ format: String, _ value: (String) -> String?) throws(CLIError) -> String {
        var output = ""
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            let next = format.index(after: index)
            if character == "{" || character == "}", next < format.endIndex, format[next] == character {
                output.append(character)
                index = format.index(after: next)
                continue
            }
            guard character == "{" else {
                output.append(character)
                index = next
                continue
            }
            guard let close = format[next...].firstIndex(of: "}") else {
                throw .usage(Localized.text("the format has a '{' without its '}'; write '{{' for a brace"))
            }
            let name = String(format[next..<close])
            guard let filled = value(name) else {
                throw .usage(
                    Localized.text(
                        "unknown placeholder {%1$s} in the format; known: %2$s", name,
                        placeholders.map { "{\($0.name)}" }.joined(separator: ", ")))
            }
            output += filled
            index = format.index(after: close)
        }
        return output
    }

    /// `tea 3:12 left · 2 stopwatches · 1 task overdue · next: dentist at 14:30 · alarm: standup at
    /// 09:50`, or `kit: idle`.
    func defaultLine(now: WallTime) -> String {
        var parts: [String] = []
        if let timer = value(of: "timer", now: now), !timer.isEmpty { parts.append(timer) }
        let running = status.stopwatches?.running ?? 0
        if running > 0 { parts.append(Localized.plural("1 stopwatch", "%d stopwatches", running)) }
        let overdue = status.tasks?.overdue ?? 0
        if overdue > 0 { parts.append(Localized.plural("1 task overdue", "%d tasks overdue", overdue)) }
        if let task = value(of: "task", now: now), !task.isEmpty { parts.append(Localized.text("next: %s", task)) }
        if let alarm = value(of: "alarm", now: now), !alarm.isEmpty {
            parts.append(Localized.text("alarm: %s", alarm))
        }
        return parts.isEmpty ? Localized.text("kit: idle") : parts.joined(separator: " · ")
    }

    /// waybar's custom-module JSON: `text`, a `tooltip` with each part on its own line, a
    /// `class` (`timer`, `overdue`, `stopwatch`, `idle`, or `offline` while kitd is not running)
    /// and the next timer's progress as `percentage`.
    func waybar(format: String?, now: WallTime) throws(CLIError) -> String {
        let text = try line(format: format, now: now)
        var tooltip: [String] = []
        if let next = status.next {
            tooltip.append(Localized.text("Timer: %s", value(of: "timer", now: now) ?? next.label))
        }
        tooltip.append(Localized.text("Timers: %s", value(of: "timers", now: now) ?? "0"))
        tooltip.append(Localized.text("Stopwatches running: %s", value(of: "stopwatches", now: now) ?? "0"))
        tooltip.append(Localized.text("Tasks overdue: %s", value(of: "overdue", now: now) ?? "0"))
        if let task = value(of: "task", now: now), !task.isEmpty {
            tooltip.append(Localized.text("Next task: %s", task))
        }
        if let alarm = value(of: "alarm", now: now), !alarm.isEmpty {
            tooltip.append(Localized.text("Next alarm: %s", alarm))
        }
        let overdue = (status.tasks?.overdue ?? 0) > 0
        let stopwatch = (status.stopwatches?.running ?? 0) > 0
        let cssClass = status.next != nil ? "timer" : overdue ? "overdue" : stopwatch ? "stopwatch" : "idle"
        var percentage = 0
        if let next = status.next, let duration = next.durationNs, duration > 0, let left = remaining(now: now) {
            let done = (duration - left).seconds / duration.seconds
            percentage = Int((done * 100).rounded(.down)).clamped(0, 100)
        }
        return Self.json(
            text: text, tooltip: tooltip.joined(separator: "\n"), cssClass: cssClass, percentage: percentage)
    }

    /// What a bar shows while kitd cannot be reached.
    static func offline(waybar: Bool) -> String {
        waybar
            ? json(
                text: Localized.text("kit: off"), tooltip: Localized.text("kitd is not running"), cssClass: "offline",
                percentage: 0)
            : Localized.text("kit: off")
    }

    private static func json(text: String, tooltip: String, cssClass: String, percentage: Int) -> String {
        struct Line: Encodable {
            var text: String
            var tooltip: String
            var `class`: String
            var percentage: Int
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Line(text: text, tooltip: tooltip, class: cssClass, percentage: percentage)))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension Int {
    fileprivate func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
