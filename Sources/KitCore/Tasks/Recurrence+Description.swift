/// Rules written back in the friendly syntax, so lists and popups say "weekdays" rather than
/// `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR`.
extension Recurrence {
    /// This rule in the friendly syntax, read against `anchor`, or nil when only an `RRULE` can
    /// say it (`BYSETPOS`, `BYMONTH`, several days of the month, a `UNTIL` in UTC, …). Whatever it
    /// returns reads back, through `parseFriendly` and the same anchor, as the same occurrences.
    public func friendlyText(anchor: CivilDate) -> String? {
        guard bySetPosition.isEmpty, byYearDay.isEmpty, byWeekNo.isEmpty, byHour.isEmpty,
            byMinute.isEmpty,
            bySecond.isEmpty,
            let base = lunar.map({ lunarFriendlyBase($0, anchor: anchor) }) ?? friendlyBase(anchor: anchor)
        else { return nil }
        switch end {
        case .never: return base
        case .count(let count): return base + " for \(count) times"
        case .until(.date(let date)): return base + " until " + date.iso8601
        case .until(.local(let local)): return base + " until " + local.date.iso8601 + " " + local.time.description
        case .until(.utc): return nil
        }
    }

    /// `yearly on lunar 3/14`, `every 2 years on chinese lunar leap 6/1`; nil for a skip other
    /// than kit's (a missing 30th is the 29th).
    private func lunarFriendlyBase(_ lunar: LunarRule, anchor: CivilDate) -> String? {
        guard lunar.skip == .backward, let anchorLunar = lunar.calendar.lunarDate(of: anchor) else { return nil }
        let (month, isLeap, day) = lunar.monthDay(anchor: anchorLunar)
        let every = interval == 1 ? "yearly" : "every \(interval) years"
        let scale = lunar.calendar == .chinese ? "chinese lunar" : "lunar"
        return "\(every) on \(scale) \(isLeap ? "leap " : "")\(month)/\(day)"
    }

    private func friendlyBase(anchor: CivilDate) -> String? {
        let every = { (unit: String) in interval == 1 ? nil : "every \(interval) \(unit)s" }
        switch frequency {
        case .hourly:
            guard byDay.isEmpty, byMonthDay.isEmpty, byMonth.isEmpty else { return nil }
            return every("hour") ?? "hourly"
        case .daily:
            guard byDay.isEmpty, byMonthDay.isEmpty, byMonth.isEmpty else { return nil }
            return every("day") ?? "daily"
        case .weekly:
            guard byMonthDay.isEmpty, byMonth.isEmpty, byDay.allSatisfy({ $0.ordinal == nil }),
                interval == 1 || weekStart == .monday
            else { return nil }
            let days = byDay.map(\.weekday)
            if interval == 1 && Set(days) == Set(FriendlyRuleParser.weekdays.byDay.map(\.weekday)) { return "weekdays" }
            let base = every("week") ?? "weekly"
            if days.isEmpty { return base }
            return base + " on " + days.map { $0.shortName.lowercased() }.joined(separator: ",")
        case .monthly:
            guard byMonth.isEmpty else { return nil }
            let base = every("month") ?? "monthly"
            if byDay.isEmpty, byMonthDay.count <= 1 {
                let day = byMonthDay.first ?? anchor.day
                // A day every month has reads the same whether short months skip or clamp it.
                if day == -1 && monthEnd == .skip { return base + " on the last day" }
                guard (1...31).contains(day), monthEnd == .clamp || day <= 28 else { return nil }
                return day == anchor.day ? base : base + " on day \(day)"
            }
            guard byDay.count == 1, byMonthDay.isEmpty, let ordinal = byDay[0].ordinal,
                (1...4).contains(ordinal) || ordinal == -1
            else { return nil }
            let name = ordinal == -1 ? "last" : ["1st", "2nd", "3rd", "4th"][ordinal - 1]
            return base + " on the \(name) " + byDay[0].weekday.shortName.lowercased()
        case .yearly:
            guard byDay.isEmpty, byMonth.isEmpty || byMonth == [anchor.month],
                byMonthDay.isEmpty || byMonthDay == [anchor.day],
                monthEnd == .clamp || anchor.month != 2 || anchor.day != 29
            else { return nil }
            return every("year") ?? "yearly"
        }
    }
}
