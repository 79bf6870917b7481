/// The expansion engine: a rule's dates, one period (day, week, month or year) at a time.
///
/// Periods have absolute numbers: the day number for daily rules, the week number (weeks
/// starting on `weekStart`) for weekly ones, `year * 12 + month - 1` for monthly ones and the
/// year for yearly ones. A rule visits the periods `anchor's + k * interval`, so finding the next
/// date after any point is a division and a short scan, however far the point is from the anchor.
extension Recurrence {
    /// The first date-time on the rule's grid strictly after both `from` and `anchor`, ignoring
    /// `COUNT` and `UNTIL`; nil when there is none up to the end of `CivilDate.supportedYears`.
    func nextDate(after from: CivilDateTime, anchor: CivilDateTime) -> CivilDateTime? {
        let start = max(from, anchor)
        let anchorPeriod = period(of: anchor.date)
        let steps = max(0, Self.floorDivide(period(of: start.date) - anchorPeriod, interval))
        var current = anchorPeriod + steps * interval
        let lastYear = CivilDate.supportedYears.upperBound
        while firstDay(ofPeriod: current).year <= lastYear {
            for date in dates(inPeriod: current, anchor: anchor.date) {
                let candidate = CivilDateTime(date: date, time: anchor.time)
                if candidate.date.year > lastYear { return nil }
                if candidate > start { return candidate }
            }
            current += interval
        }
        return nil
    }

    /// The absolute number of the period holding `date`.
    func period(of date: CivilDate) -> Int {
        switch frequency {
        case .daily: Int(date.daysSinceEpoch)
        case .weekly: Self.floorDivide(Int(date.daysSinceEpoch) - weekStart.days(until: date.weekday), 7)
        case .monthly: date.monthIndex
        case .yearly: date.year
        }
    }

    func firstDay(ofPeriod period: Int) -> CivilDate {
        switch frequency {
        case .daily: CivilDate(daysSinceEpoch: Int64(period))
        case .weekly:
            // Day 0, 1970-01-01, was a Thursday (4).
            CivilDate(daysSinceEpoch: Int64(period * 7 + ((weekStart.rawValue - 4) % 7 + 7) % 7))
        case .monthly: CivilDate.firstOfMonth(index: period)
        case .yearly: CivilDate(year: period, month: 1, day: 1)
        }
    }

    /// The dates the rule names in one period, sorted, with `BYSETPOS` applied.
    func dates(inPeriod period: Int, anchor: CivilDate) -> [CivilDate] {
        var dates: [CivilDate]
        switch frequency {
        case .daily:
            let day = firstDay(ofPeriod: period)
            let fits =
                (byMonth.isEmpty || byMonth.contains(day.month)) && (byMonthDay.isEmpty || matchesMonthDay(day))
                && (byDay.isEmpty || byDay.contains { $0.weekday == day.weekday })
            dates = fits ? [day] : []
        case .weekly:
            let start = firstDay(ofPeriod: period)
            let weekdays = byDay.isEmpty ? [anchor.weekday] : byDay.map(\.weekday)
            dates = weekdays.map { start.adding(days: weekStart.days(until: $0)) }
            if !byMonth.isEmpty { dates = dates.filter { byMonth.contains($0.month) } }
        case .monthly:
            let first = firstDay(ofPeriod: period)
            guard byMonth.isEmpty || byMonth.contains(first.month) else { return [] }
            dates = datesInMonth(year: first.year, month: first.month, anchor: anchor)
        case .yearly:
            if byMonth.isEmpty && !byDay.isEmpty {
                dates = weekdayDates(year: period)
                if !byMonthDay.isEmpty { dates = dates.filter(matchesMonthDay) }
            } else {
                let months = !byMonth.isEmpty ? byMonth : byMonthDay.isEmpty ? [anchor.month] : Array(1...12)
                dates = months.flatMap { datesInMonth(year: period, month: $0, anchor: anchor) }
            }
        }
        dates = Array(Set(dates)).sorted()
        guard !bySetPosition.isEmpty, !dates.isEmpty else { return dates }
        var picked: [CivilDate] = []
        for position in bySetPosition {
            let index = position > 0 ? position - 1 : dates.count + position
            if dates.indices.contains(index) { picked.append(dates[index]) }
        }
        return Array(Set(picked)).sorted()
    }

    /// The dates of one month named by `BYMONTHDAY` and `BYDAY` (each limiting the other), or
    /// the anchor's day of the month when neither is given.
    private func datesInMonth(year: Int, month: Int, anchor: CivilDate) -> [CivilDate] {
        let length = CivilDate.daysIn(month: month, year: year)
        var days: [Int]?
        if !byMonthDay.isEmpty { days = byMonthDay.compactMap { resolve(monthDay: $0, length: length) } }
        if !byDay.isEmpty {
            var weekdayDays: [Int] = []
            for rule in byDay {
                if let ordinal = rule.ordinal {
                    if let date = CivilDate.nthWeekday(ordinal, rule.weekday, year: year, month: month) {
                        weekdayDays.append(date.day)
                    }
                } else {
                    let first = 1 + CivilDate(year: year, month: month, day: 1).weekday.days(until: rule.weekday)
                    weekdayDays += Array(stride(from: first, through: length, by: 7))
                }
            }
            days = days.map { $0.filter(weekdayDays.contains) } ?? weekdayDays
        }
        let chosen = days ?? [resolve(monthDay: anchor.day, length: length)].compactMap { $0 }
        return chosen.map { CivilDate(year: year, month: month, day: $0) }
    }

    /// Every date of `year` named by `BYDAY`, ordinals counting weekdays within the year.
    private func weekdayDates(year: Int) -> [CivilDate] {
        let first = CivilDate(year: year, month: 1, day: 1)
        let last = CivilDate(year: year, month: 12, day: 31)
        var dates: [CivilDate] = []
        for rule in byDay {
            let firstOne = first.adding(days: first.weekday.days(until: rule.weekday))
            let lastOne = last.adding(days: -rule.weekday.days(until: last.weekday))
            let all = stride(from: 0, through: firstOne.days(until: lastOne), by: 7).map { firstOne.adding(days: $0) }
            guard let ordinal = rule.ordinal else {
                dates += all
                continue
            }
            let index = ordinal > 0 ? ordinal - 1 : all.count + ordinal
            if all.indices.contains(index) { dates.append(all[index]) }
        }
        return dates
    }

    private func matchesMonthDay(_ date: CivilDate) -> Bool {
        let length = CivilDate.daysIn(month: date.month, year: date.year)
        return byMonthDay.contains { resolve(monthDay: $0, length: length) == date.day }
    }

    /// A `BYMONTHDAY` value in a month of `length` days, after the month-end policy; nil when the
    /// month has no such day.
    private func resolve(monthDay: Int, length: Int) -> Int? {
        if monthDay < 0 { return length + 1 + monthDay >= 1 ? length + 1 + monthDay : nil }
        if monthDay <= length { return monthDay }
        return monthEnd == .clamp ? length : nil
    }

    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
