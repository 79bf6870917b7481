/// The expansion engine: a rule's date-times, one period (hour, day, week, month or year) at a
/// time.
///
/// Periods have absolute numbers: the hour number (on the civil clock) for hourly rules, the day
/// number for daily ones, the week number (weeks starting on `weekStart`) for weekly ones,
/// `year * 12 + month - 1` for monthly ones and the year for yearly ones. A rule visits the
/// periods `anchor's + k * interval`, so finding the next date-time after any point is a division
/// and a short scan, however far the point is from the anchor. An hourly rule steps over a day
/// its day parts (BYMONTH, BYYEARDAY, BYMONTHDAY, BYDAY) leave out in one jump.
extension Recurrence {
    /// The first date-time on the rule's grid strictly after both `from` and `anchor`, ignoring
    /// `COUNT` and `UNTIL`; nil when there is none up to the end of `CivilDate.supportedYears`.
    func nextDate(after from: CivilDateTime, anchor: CivilDateTime) -> CivilDateTime? {
        if let lunar { return lunarNextDate(after: from, anchor: anchor, lunar: lunar) }
        let start = max(from, anchor)
        let anchorPeriod = period(of: anchor)
        var current = anchorPeriod + max(0, Self.floorDivide(period(of: start) - anchorPeriod, interval)) * interval
        let lastYear = CivilDate.supportedYears.upperBound
        let times = frequency == .hourly ? [] : timesOfDay(anchor: anchor.time)
        while firstDay(ofPeriod: current).year <= lastYear {
            if frequency == .hourly, !dayFits(firstDay(ofPeriod: current)) {
                // The first period of the next day on the grid.
                let nextDay = (Self.floorDivide(current, 24) + 1) * 24
                current = anchorPeriod + Self.ceilingDivide(nextDay - anchorPeriod, interval) * interval
                continue
            }
            for candidate in occurrences(inPeriod: current, anchor: anchor, times: times) {
                if candidate.date.year > lastYear { return nil }
                if candidate > start { return candidate }
            }
            current += interval
        }
        return nil
    }

    /// The rule's first date-time on or after `due`, counted from `due`: `due` itself when the
    /// rule holds it, else the first day it gives after it (`weekly on tue` from a Thursday: the
    /// Tuesday after). RFC 5545 counts a DTSTART as an occurrence even when its rule leaves it out;
    /// a task added or edited in kit is never due on a day its rule does not name. Nil when the
    /// rule gives nothing up to the end of `CivilDate.supportedYears`.
    public func firstOccurrence(onOrAfter due: CivilDateTime) -> CivilDateTime? {
        if let lunar { return lunarHolds(due, lunar: lunar) ? due : nextDate(after: due, anchor: due) }
        if frequency != .hourly || dayFits(due.date) {
            let times = frequency == .hourly ? [] : timesOfDay(anchor: due.time)
            if occurrences(inPeriod: period(of: due), anchor: due, times: times).contains(due) { return due }
        }
        return nextDate(after: due, anchor: due)
    }

    /// The absolute number of the period holding `time`.
    func period(of time: CivilDateTime) -> Int {
        let date = time.date
        switch frequency {
        case .hourly: return Int(date.daysSinceEpoch) * 24 + time.hour
        case .daily: return Int(date.daysSinceEpoch)
        case .weekly: return Self.floorDivide(Int(date.daysSinceEpoch) - weekStart.days(until: date.weekday), 7)
        case .monthly: return date.monthIndex
        case .yearly: return date.year
        }
    }

    func firstDay(ofPeriod period: Int) -> CivilDate {
        switch frequency {
        case .hourly: CivilDate(daysSinceEpoch: Int64(Self.floorDivide(period, 24)))
        case .daily: CivilDate(daysSinceEpoch: Int64(period))
        case .weekly:
            // Day 0, 1970-01-01, was a Thursday (4).
            CivilDate(daysSinceEpoch: Int64(period * 7 + ((weekStart.rawValue - 4) % 7 + 7) % 7))
        case .monthly: CivilDate.firstOfMonth(index: period)
        case .yearly: CivilDate(year: period, month: 1, day: 1)
        }
    }

    /// The date-times the rule names in one period, sorted, with `BYSETPOS` applied to them all
    /// (RFC 5545: BYSETPOS picks among the whole period's set, times included).
    func occurrences(inPeriod period: Int, anchor: CivilDateTime, times: [TimeOfDay]) -> [CivilDateTime] {
        var result: [CivilDateTime]
        if frequency == .hourly {
            let hour = period - Self.floorDivide(period, 24) * 24
            guard byHour.isEmpty || byHour.contains(hour) else { return [] }
            let day = firstDay(ofPeriod: period)
            let minutes = byMinute.isEmpty ? [anchor.minute] : byMinute
            let seconds = bySecond.isEmpty ? [anchor.second] : bySecond
            result = minutes.flatMap { minute in
                seconds.map { CivilDateTime(date: day, hour: hour, minute: minute, second: $0) }
            }
        } else if times.count == 1 {
            // One time a day (most rules): the dates come sorted, each once.
            let time = times[0]
            result = dates(inPeriod: period, anchor: anchor.date).map { CivilDateTime(date: $0, time: time) }
        } else {
            result = dates(inPeriod: period, anchor: anchor.date).flatMap { date in
                times.map { CivilDateTime(date: date, time: $0) }
            }
        }
        if frequency == .hourly || times.count > 1 { result.sort() }
        guard !bySetPosition.isEmpty, !result.isEmpty else { return result }
        var picked: [CivilDateTime] = []
        for position in bySetPosition {
            let index = position > 0 ? position - 1 : result.count + position
            if result.indices.contains(index) { picked.append(result[index]) }
        }
        return Array(Set(picked)).sorted()
    }

    /// The times of day of a daily or longer rule: BYHOUR × BYMINUTE × BYSECOND, each part the
    /// anchor's when left out; sorted.
    func timesOfDay(anchor: TimeOfDay) -> [TimeOfDay] {
        if byHour.isEmpty && byMinute.isEmpty && bySecond.isEmpty { return [anchor] }
        let hours = byHour.isEmpty ? [anchor.hour] : byHour
        let minutes = byMinute.isEmpty ? [anchor.minute] : byMinute
        let seconds = bySecond.isEmpty ? [anchor.second] : bySecond
        return hours.flatMap { hour in
            minutes.flatMap { minute in seconds.map { TimeOfDay(hour: hour, minute: minute, second: $0) } }
        }
    }

    /// Whether a day passes the day parts that limit an hourly or daily rule (and those a yearly
    /// one with BYWEEKNO or BYYEARDAY names): BYMONTH, BYYEARDAY, BYMONTHDAY and BYDAY's weekdays.
    func dayFits(_ day: CivilDate) -> Bool {
        (byMonth.isEmpty || byMonth.contains(day.month)) && (byYearDay.isEmpty || matchesYearDay(day))
            && (byMonthDay.isEmpty || matchesMonthDay(day))
            && (byDay.isEmpty || byDay.contains { $0.weekday == day.weekday })
    }

    /// The dates a daily or longer rule names in one period, sorted, before `BYSETPOS`.
    private func dates(inPeriod period: Int, anchor: CivilDate) -> [CivilDate] {
        var dates: [CivilDate]
        switch frequency {
        case .hourly:
            dates = [firstDay(ofPeriod: period)]
        case .daily:
            let day = firstDay(ofPeriod: period)
            dates = dayFits(day) ? [day] : []
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
            if !byWeekNo.isEmpty || !byYearDay.isEmpty {
                dates = daysNamedByWeekOrYearDay(year: period)
            } else if byMonth.isEmpty && !byDay.isEmpty {
                dates = weekdayDates(year: period)
                if !byMonthDay.isEmpty { dates = dates.filter(matchesMonthDay) }
            } else {
                let months = !byMonth.isEmpty ? byMonth : byMonthDay.isEmpty ? [anchor.month] : Array(1...12)
                dates = months.flatMap { datesInMonth(year: period, month: $0, anchor: anchor) }
            }
        }
        return Array(Set(dates)).sorted()
    }

    /// The days of `year` in a yearly rule with BYWEEKNO or BYYEARDAY: every day that all of the
    /// rule's day parts allow (BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY's weekdays).
    private func daysNamedByWeekOrYearDay(year: Int) -> [CivilDate] {
        let first = CivilDate(year: year, month: 1, day: 1)
        let length = CivilDate.daysIn(month: 2, year: year) == 29 ? 366 : 365
        return (0..<length).map { first.adding(days: $0) }.filter { day in
            dayFits(day) && (byWeekNo.isEmpty || matchesWeekNo(day))
        }
    }

    /// Whether `day` is in a week BYWEEKNO names: its week of the week-numbering year that holds
    /// the week's fourth day, counted from the front (1...) or the back (-1...).
    private func matchesWeekNo(_ day: CivilDate) -> Bool {
        let weekStartDay = day.adding(days: -weekStart.days(until: day.weekday))
        let weekYear = weekStartDay.adding(days: 3).year
        let firstWeek = firstWeekStart(of: weekYear)
        let number = firstWeek.days(until: weekStartDay) / 7 + 1
        let weeks = firstWeek.days(until: firstWeekStart(of: weekYear + 1)) / 7
        return byWeekNo.contains(number) || byWeekNo.contains(number - weeks - 1)
    }

    /// The first day of week 1 of `year`: the week, starting on `weekStart`, that holds Jan 4.
    private func firstWeekStart(of year: Int) -> CivilDate {
        let fourth = CivilDate(year: year, month: 1, day: 4)
        return fourth.adding(days: -weekStart.days(until: fourth.weekday))
    }

    private func matchesYearDay(_ date: CivilDate) -> Bool {
        let number = CivilDate(year: date.year, month: 1, day: 1).days(until: date) + 1
        let length = CivilDate.daysIn(month: 2, year: date.year) == 29 ? 366 : 365
        return byYearDay.contains(number) || byYearDay.contains(number - length - 1)
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

    static func ceilingDivide(_ value: Int, _ divisor: Int) -> Int { -floorDivide(-value, divisor) }
}
