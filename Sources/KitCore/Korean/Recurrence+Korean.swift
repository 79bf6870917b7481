/// Rules said back in Korean, as `task show` writes them under a Korean locale: `매주 화·목`,
/// `평일`, `매월 셋째 수요일`, `매년 5월 8일`.
extension Recurrence {
    /// This rule in Korean, read against `anchor`, or nil when only an `RRULE` can say it (the
    /// same rules as `friendlyText`). Whatever it returns reads back, through the Korean reader
    /// and the same anchor, as the same occurrences.
    public func koreanText(anchor: CivilDate) -> String? {
        guard
            let base = lunar.map({ lunarBase($0, anchor: anchor) })
                ?? (friendlyText(anchor: anchor) != nil ? koreanBase(anchor: anchor) : nil)
        else { return nil }
        switch end {
        case .never: return base
        case .count(let count): return base + " \(count)번"
        case .until(.date(let date)): return base + " \(date.iso8601)까지"
        case .until(.local(let local)): return base + " \(local.date.iso8601)까지"
        case .until(.utc): return nil
        }
    }

    /// `매년 음력 3월 14일`, `2년마다 음력 윤6월 1일`; nil for a rule Korean words cannot say back
    /// (China's calendar, a skip other than kit's).
    private func lunarBase(_ lunar: LunarRule, anchor: CivilDate) -> String? {
        guard lunar.calendar == .dangi, lunar.skip == .backward, byHour.isEmpty, byMinute.isEmpty, bySecond.isEmpty,
            let anchorLunar = lunar.calendar.lunarDate(of: anchor)
        else { return nil }
        let (month, isLeap, day) = lunar.monthDay(anchor: anchorLunar)
        let every = interval == 1 ? "매년" : "\(interval)년마다"
        return every + " 음력 " + LunarDate.monthDayText(month: month, isLeap: isLeap, day: day)
    }

    private func koreanBase(anchor: CivilDate) -> String? {
        switch frequency {
        case .hourly: return interval == 1 ? "매시간" : "\(interval)시간마다"
        case .daily: return interval == 1 ? "매일" : "\(interval)일마다"
        case .weekly:
            let days = byDay.map(\.weekday)
            if interval == 1 && Set(days) == Set(FriendlyRuleParser.weekdays.byDay.map(\.weekday)) { return "평일" }
            if interval == 1 && Set(days) == [.saturday, .sunday] { return "주말" }
            let base = interval == 1 ? "매주" : interval == 2 ? "격주" : "\(interval)주마다"
            if days.count == 1 { return base + " " + days[0].koreanName }
            return days.isEmpty ? base : base + " " + days.map(\.koreanShortName).joined(separator: "·")
        case .monthly:
            let base = interval == 1 ? "매월" : interval == 2 ? "격월" : "\(interval)개월마다"
            if let rule = byDay.first, let ordinal = rule.ordinal {
                let name = ordinal == -1 ? "마지막" : ["첫째", "둘째", "셋째", "넷째"][ordinal - 1]
                return base + " \(name) \(rule.weekday.koreanName)"
            }
            let day = byMonthDay.first ?? anchor.day
            if day == -1 { return base + " 말일" }
            return day == anchor.day ? base : base + " \(day)일"
        case .yearly:
            return interval == 1 ? "매년" : "\(interval)년마다"
        }
    }
}
