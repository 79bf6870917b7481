import KitCore
import KitLocalization
import KitProtocol

/// Draws the agenda: a month grid, or days listing their tasks with times.
enum AgendaView {
    /// In the user's locale (LC_TIME), Monday first: `Mo Tu …` in C.
    static var weekdays: [String] { LocalClock.weekdays }

    /// `cal`-style: days with tasks are marked `*` (bold), overdue ones `!` (red), today in reverse.
    static func month(
        first: CivilDate, days: [AgendaDay], holidays: [HolidayInfo] = [], today: CivilDate, color: Bool
    ) -> String {
        let byDate = Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0) })
        let holidayDates = Set(holidays.map(\.date))
        let title = LocaleClock.monthTitle(year: first.year, month: first.month)
        var lines = [
            String(repeating: " ", count: max(0, (28 - DisplayWidth.of(title)) / 2)) + title,
            weekdays.map { " " + DisplayWidth.padded($0, to: 2) + " " }.joined(),
        ]
        var line = String(repeating: "    ", count: first.weekday.rawValue - 1)
        let count = CivilDate.daysIn(month: first.month, year: first.year)
        var total = 0
        for day in 1...count {
            let date = CivilDate(year: first.year, month: first.month, day: day)
            let entry = byDate[date.iso8601]
            total += entry?.count ?? 0
            let mark = entry.map { $0.overdue > 0 ? "!" : "*" } ?? " "
            var cell = (day < 10 ? "  " : " ") + "\(day)"
            if color {
                if entry?.overdue ?? 0 > 0 || holidayDates.contains(date.iso8601) {
                    cell = Colors.red(cell)
                } else if entry != nil {
                    cell = Colors.bold(cell)
                }
                if date == today { cell = Colors.inverse(cell) }
            }
            line += cell + mark
            if date.weekday == .sunday {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        lines.append("")
        lines.append(
            total == 0
                ? Localized.text("nothing due this month")
                : Localized.text("%s due this month (* something due that day, ! overdue)", String(total))
        )
        lines += holidayLines(holidays)
        return lines.joined(separator: "\n")
    }

    /// The holidays under a month: `2027-02-07 (일) 설날`.
    private static func holidayLines(_ holidays: [HolidayInfo]) -> [String] {
        holidays.compactMap { holiday in
            guard let date = try? CivilDate.parseWritten(holiday.date) else { return nil }
            return "\(holiday.date) (\(weekdays[date.weekday.rawValue - 1])) \(holiday.name)"
        }
    }

    /// A day's header: `Fri 25 Dec`, or as a locale that writes the year first does, `12월 25일 (금)`.
    static func dayHeader(_ date: CivilDate) -> String {
        guard LocaleClock.yearFirst != nil else {
            return "\(date.weekday.name.prefix(3)) \(date.day) \(CivilDate.monthName(date.month).prefix(3))"
        }
        let style = LocaleClock.style
        return "\(style.months[date.month - 1]) \(date.day)\(style.daySuffix) (\(weekdays[date.weekday.rawValue - 1]))"
    }

    static func list(
        from first: CivilDate, days: Int, items: [AgendaItem], holidays: [HolidayInfo] = [], today: CivilDate,
        color: Bool
    ) -> String {
        let zone = LocalZone()
        let holidayNames = Dictionary(grouping: holidays, by: \.date).mapValues {
            $0.map(\.name).joined(separator: " · ")
        }
        var byDay: [CivilDate: [(String, AgendaItem)]] = [:]
        for item in items {
            guard let instant = Timestamp.parse(item.dueAt) else { continue }
            let local = CivilDateTime(instant, in: zone)
            var time = item.allDay ? Localized.text("all day") : local.time.description.prefix(5).description
            // An event's end, on the same day: `14:00–15:00`.
            if !item.allDay, let end = item.endAt.flatMap(Timestamp.parse), end > instant {
                let last = CivilDateTime(end, in: zone)
                time += "–" + (last.date == local.date ? last.time.description.prefix(5).description : "…")
            }
            byDay[local.date, default: []].append((time, item))
        }
        let width = byDay.values.joined().map { DisplayWidth.of($0.0) }.max() ?? 0
        var lines: [String] = []
        for offset in 0..<days {
            let date = first.adding(days: offset)
            var header = dayHeader(date) + (date == today ? " " + Localized.text("(today)") : "")
            header = color ? Colors.bold(header) : header
            if let names = holidayNames[date.iso8601] { header += "  " + (color ? Colors.red(names) : names) }
            lines.append(header)
            // All-day items first, then by time (the order they came in).
            let entries = (byDay[date] ?? []).filter { $0.1.allDay } + (byDay[date] ?? []).filter { !$0.1.allDay }
            if entries.isEmpty { lines.append("  -") }
            for (time, item) in entries {
                var line =
                    "  \(DisplayWidth.padded(time, to: max(7, width)))  \(item.title)" + (item.repeating ? "  ↻" : "")
                if let place = item.location {
                    line += "  · " + place.split(whereSeparator: \.isNewline).joined(separator: " ")
                }
                // An event of a watched calendar says whose it is.
                if let calendar = item.calendar { line += "  [" + calendar + "]" }
                if item.overdue {
                    line = color ? Colors.red(line) : line + "  " + Localized.text("(overdue)")
                } else if let until = item.snoozedUntil.flatMap(Timestamp.parse) {
                    line +=
                        "  "
                        + Localized.text(
                            "(snoozed until %s)", LocalClock.short(until, now: TimerText.currentWallTime()))
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
