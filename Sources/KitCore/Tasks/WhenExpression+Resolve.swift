/// Placing a WHEN in time: today, tomorrow and weekdays are read in the task's zone at `now`.
///
/// Rules: a time alone means today, and a time that has already passed today is refused with a
/// suggestion of `tomorrow <time>` (it is never moved silently); a weekday means the next such
/// day, today only while its time is still ahead; `next fri` is the first Friday after today;
/// any date-time at or before `now` is refused. Local times that DST skips or repeats follow
/// `ZoneResolver`'s policy.
extension WhenExpression {
    /// The time of day used when only a day is given (`tomorrow`, `2026-11-25`).
    public static let defaultAllDayTime = TimeOfDay(hour: 9, minute: 0)

    public func resolve(
        now: WallTime, in zone: some UTCOffsets, defaultTime: TimeOfDay = WhenExpression.defaultAllDayTime
    ) throws(KitError) -> ResolvedWhen {
        let local = CivilDateTime(now, in: zone)
        let nowText = local.date.iso8601 + " " + TimeOfDay(hour: local.hour, minute: local.minute).description
        switch self {
        case .fromNow(let duration):
            let instant = now + duration
            return try Self.checked(
                ResolvedWhen(
                    civil: CivilDateTime(instant, in: zone), resolution: ZoneResolution(instant: instant, kind: .exact),
                    allDay: false))
        case .exact(let civil, let utcOffset):
            let instant = WallTime(
                nanoseconds: (civil.localSeconds - Int64(utcOffset)) * Nanoseconds.nanosecondsPerSecond)
            guard instant > now else {
                throw .invalidArgument(
                    "\(civil.date.iso8601) \(civil.time) at UTC offset \(Self.offsetText(utcOffset)) is in the past (it is \(nowText) here now); give a later time"
                )
            }
            return try Self.checked(
                ResolvedWhen(
                    civil: CivilDateTime(instant, in: zone), resolution: ZoneResolution(instant: instant, kind: .exact),
                    allDay: false))
        case .day(let day, let time):
            return try Self.place(
                day, at: [time ?? defaultTime], allDay: time == nil, now: now, zone: zone, nowText: nowText)
        case .dayEitherHalf(let day, let first):
            // 12시 is first noon, then the midnight that ends the day said.
            let later = TimeOfDay(hour: (first.hour + 12) % 24, minute: first.minute, second: first.second)
            return try Self.place(
                day, at: [first, later], laterNextDay: first.hour >= 12, allDay: false, now: now, zone: zone,
                nowText: nowText)
        }
    }

    /// The first of the days `day` may name, at the first of `times`, that is still ahead.
    /// `laterNextDay`: the second time is on the day after (the 24:00 of 12시).
    private static func place(
        _ day: Day, at times: [TimeOfDay], laterNextDay: Bool = false, allDay: Bool, now: WallTime,
        zone: some UTCOffsets, nowText: String
    ) throws(KitError) -> ResolvedWhen {
        let today = CivilDateTime(now, in: zone).date
        let (dates, soonest) = try Self.dates(day, today: today)
        for date in soonest ? dates : Array(dates.prefix(1)) {
            for (index, clock) in times.enumerated() {
                let civil = CivilDateTime(date: index == 1 && laterNextDay ? date.adding(days: 1) : date, time: clock)
                let result = ResolvedWhen(
                    civil: civil, resolution: ZoneResolver.resolve(civil, in: zone), allDay: allDay)
                guard result.instant > now else { continue }
                if let (weekday, shift) = said(day), date.adding(days: -shift).weekday != weekday {
                    let named = date.adding(days: -shift)
                    throw .invalidArgument(
                        "\(named.iso8601) is a \(named.weekday) (\(named.weekday.koreanName)), not a \(weekday) (\(weekday.koreanName)); check the date or leave the weekday out"
                    )
                }
                return try checked(result)
            }
        }
        let clock = times[0]
        switch day {
        case .today where times.count > 1:
            throw .invalidArgument(
                "\(times[0]) and \(times[1]) have both passed today (it is \(nowText) now); say 내일 for tomorrow")
        case .today:
            throw .invalidArgument(
                "\(clock) has already passed today (it is \(nowText) now); for tomorrow say 'tomorrow \(clock)'")
        default:
            guard let date = dates.first else {
                throw .invalidArgument("no such day is ahead; it is \(nowText) now. Give a later date")
            }
            if times.count > 1 {
                throw .invalidArgument(
                    "\(date.iso8601) \(times[0]) and \(times[1]) have both passed; it is \(nowText) now. Give a later date or time"
                )
            }
            if allDay {
                throw .invalidArgument(
                    "\(date.iso8601) \(clock) is in the past (\(clock) is the time used when none is given); it is \(nowText) now. Give a later date or time"
                )
            }
            throw .invalidArgument(
                "\(date.iso8601) \(clock) is in the past; it is \(nowText) now. Give a later date or time")
        }
    }

    /// The weekday the person said `day` is on, and how many days `day` lies after that one.
    private static func said(_ day: Day) -> (Weekday, Int)? {
        switch day {
        case .said(_, let weekday): (weekday, 0)
        case .shifted(let inner, let days): said(inner).map { ($0.0, $0.1 + days) }
        default: nil
        }
    }

    /// The dates `day` may name, earliest first, and whether a later one is taken when the time
    /// on an earlier one has passed (`soonest`); otherwise only the first is.
    static func dates(_ day: Day, today: CivilDate) throws(KitError) -> ([CivilDate], soonest: Bool) {
        switch day {
        case .today: return ([today], false)
        case .tomorrow: return ([today.adding(days: 1)], false)
        case .date(let date): return ([date], false)
        case .soonest: return ([today, today.adding(days: 1)], true)
        case .inDays(let days): return ([today.adding(days: days)], false)
        case .weekday(let weekday):
            let ahead = today.weekday.days(until: weekday)
            return ([today.adding(days: ahead), today.adding(days: ahead + 7)], true)
        case .nextWeekday(let weekday):
            let ahead = today.weekday.days(until: weekday)
            return ([today.adding(days: ahead == 0 ? 7 : ahead)], false)
        case .weekOf(let weeks, let weekday):
            let monday = today.adding(days: 1 - today.weekday.rawValue)
            return ([monday.adding(days: weeks * 7 + weekday.rawValue - 1)], false)
        case .dayIn(let month, let day):
            let (months, soonest) = months(month, today: today)
            let dates = months.map { CivilDate(year: $0.year, month: $0.month, day: day) }.filter(\.isValid)
            guard !dates.isEmpty else {
                let shown = months.first.map { String($0.iso8601.prefix(7)) } ?? "that month"
                throw .invalidArgument("\(shown) has no day \(day); give a date that exists")
            }
            return (dates, soonest)
        case .nthWeekday(let month, let n, let weekday):
            let (months, soonest) = months(month, today: today)
            var dates = months.map { CivilDate.nthWeekday(n, weekday, year: $0.year, month: $0.month) }
            // 6월 다섯째 금요일 is the coming June's: if that June has none, there is none, not one
            // years on.
            if case .month = month, let missing = dates.firstIndex(of: nil) { dates = Array(dates[..<missing]) }
            let found = dates.compactMap { $0 }
            guard !found.isEmpty else {
                let ordinal = n == -1 ? "last" : ["", "first", "second", "third", "fourth", "fifth"][max(0, min(5, n))]
                let shown = months.first.map { String($0.iso8601.prefix(7)) } ?? "that month"
                throw .invalidArgument("\(shown) has no \(ordinal) \(weekday); give another day")
            }
            return (found, soonest)
        case .lastDay(let month):
            let (months, soonest) = months(month, today: today)
            return (months.map(\.lastDayOfMonth), soonest)
        case .shifted(let day, let days):
            let (dates, soonest) = try Self.dates(day, today: today)
            return (dates.map { $0.adding(days: days) }, soonest)
        case .said(let day, _):
            return try Self.dates(day, today: today)
        case .lunar(let lunar):
            return try lunarDates(lunar, today: today)
        }
    }

    /// The dates a 음력 day may name, earliest first: the one a year names, or those of this lunar
    /// year and the next that have it.
    private static func lunarDates(_ lunar: LunarDay, today: CivilDate) throws(KitError)
        -> ([CivilDate], soonest: Bool)
    {
        let calendar = LunarCalendar.dangi
        let years = LunarCalendar.years
        let said = LunarDate.monthDayText(month: lunar.month, isLeap: lunar.isLeap, day: lunar.day)
        guard let thisYear = calendar.lunarDate(of: today)?.year else {
            throw .invalidArgument(
                "kit places 음력 dates from \(years.lowerBound) to \(years.upperBound) only, and today is outside them")
        }
        let date = { (year: Int) in
            calendar.date(
                LunarDate(year: year, month: lunar.month, isLeap: lunar.isLeap, day: lunar.day), skip: .backward)
        }
        if let ref = lunar.year {
            let year: Int
            switch ref {
            case .year(let number): year = number
            case .fromThis(let count): year = thisYear + count
            }
            guard years.contains(year) else {
                throw .invalidArgument(
                    "음력 \(year)년 is outside the years kit places lunar dates in (\(years.lowerBound) to \(years.upperBound)); KASI's tables and kit's stop there"
                )
            }
            if lunar.isLeap, calendar.leapMonth(ofYear: year) != lunar.month {
                guard let leap = calendar.leapMonth(ofYear: year) else {
                    throw .invalidArgument(
                        "음력 \(year)년 has no 윤\(lunar.month)월 (it has no leap month); say 음력 \(lunar.month)월, or a year with that leap month"
                    )
                }
                throw .invalidArgument(
                    "음력 \(year)년 has no 윤\(lunar.month)월 (its leap month is 윤\(leap)월); say 음력 \(lunar.month)월, or a year with that leap month"
                )
            }
            guard let found = date(year) else { throw .invalidArgument("음력 \(year)년 has no \(said)") }
            return ([found], false)
        }
        var found: [CivilDate] = []
        for year in thisYear...years.upperBound where found.count < 2 {
            if lunar.isLeap && calendar.leapMonth(ofYear: year) != lunar.month { continue }
            if let day = date(year), day >= today { found.append(day) }
        }
        guard !found.isEmpty else {
            throw .invalidArgument(
                "no 음력 \(said) is ahead up to \(years.upperBound), the last year kit places lunar dates in")
        }
        return (found, true)
    }

    /// The first days of the months `month` may name, earliest first, and whether a later one
    /// may be taken.
    private static func months(_ month: MonthRef, today: CivilDate) -> ([CivilDate], soonest: Bool) {
        let first = CivilDate(year: today.year, month: today.month, day: 1)
        switch month {
        case .month(let number):
            // Eight years reach the next February 29.
            return ((0...8).map { CivilDate(year: today.year + $0, month: number, day: 1) }, true)
        case .yearMonth(let year, let number):
            return ([CivilDate(year: year.resolved(today), month: number, day: 1)], false)
        case .fromThis(let months):
            return ([first.addingClamped(months: months)], false)
        case .soonest:
            return ((0..<13).map { first.addingClamped(months: $0) }, true)
        }
    }

    private static func checked(_ result: ResolvedWhen) throws(KitError) -> ResolvedWhen {
        guard CivilDate.supportedYears.contains(result.civil.date.year) else {
            throw .invalidArgument(
                "\(result.civil) is outside the years kit handles (\(CivilDate.supportedYears.lowerBound) to \(CivilDate.supportedYears.upperBound))"
            )
        }
        return result
    }

    static func offsetText(_ seconds: Int) -> String {
        if seconds == 0 { return "Z" }
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + TimeOfDay.two(minutes / 60) + ":" + TimeOfDay.two(minutes % 60)
    }
}

extension WhenExpression.YearRef {
    func resolved(_ today: CivilDate) -> Int {
        switch self {
        case .year(let year): year
        case .fromThis(let years): today.year + years
        }
    }
}

extension WhenExpression {
    /// For a WHEN with an explicit UTC offset (`2026-11-25T18:00+09:00`): the IANA zone to pin the
    /// task to so that it keeps that instant, or nil when none is needed or none exists.
    ///
    /// None is needed when the task's zone has that offset at that instant (the person typed
    /// their own offset: the task follows the zone, DST included), unless the local time is the
    /// second of the two a fall-back night has (`isSecondOfRepeatedTime`). Otherwise the zone is
    /// the fixed one with that offset: `Etc/GMT-9` for +09:00 (the tz database's `Etc` names have
    /// the sign reversed), `Etc/UTC` for `Z`. The tz database has fixed zones for whole hours only,
    /// from −12:00 to +14:00; other offsets (+05:30) get nil, and the task follows the zone,
    /// except the second of a repeated time (Lord Howe's second 01:45, at +10:30), which no local
    /// time names: that gets `Etc/UTC`, which keeps the instant.
    ///
    /// With `now`, `in 2h` is read too: it is one instant, at the zone's offset then.
    public func fixedOffsetZone(in zone: some UTCOffsets, now: WallTime? = nil) -> String? {
        guard let (instant, utcOffset) = fixedInstant(in: zone, now: now) else { return nil }
        let secondOfRepeated = Self.isSecondOfRepeatedTime(instant, in: zone)
        guard zone.offset(at: instant) != utcOffset || secondOfRepeated else { return nil }
        guard utcOffset % 3600 == 0, (-12...14).contains(utcOffset / 3600) else {
            return secondOfRepeated ? "Etc/UTC" : nil
        }
        let hours = utcOffset / 3600
        if hours == 0 { return "Etc/UTC" }
        return hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
    }

    /// Whether the instant this WHEN names by itself (an offset, or `in …` from `now`) is the
    /// second occurrence of a local time `zone` has twice: a task kept as that local time in the
    /// zone would come an hour early (RFC 5545 reads it as the first), so even a task pinned to
    /// the zone with `--tz` must keep the offset instead.
    public func isSecondOfRepeatedTime(in zone: some UTCOffsets, now: WallTime? = nil) -> Bool {
        guard let (instant, _) = fixedInstant(in: zone, now: now) else { return false }
        return Self.isSecondOfRepeatedTime(instant, in: zone)
    }

    /// The instant and UTC offset of a WHEN that names one instant whatever the zone.
    private func fixedInstant(in zone: some UTCOffsets, now: WallTime?) -> (WallTime, Int)? {
        switch self {
        case .exact(let civil, let utcOffset):
            return (
                WallTime(nanoseconds: (civil.localSeconds - Int64(utcOffset)) * Nanoseconds.nanosecondsPerSecond),
                utcOffset
            )
        case .fromNow(let duration):
            guard let now else { return nil }
            return (now + duration, zone.offset(at: now + duration))
        case .day, .dayEitherHalf:
            return nil
        }
    }

    private static func isSecondOfRepeatedTime(_ instant: WallTime, in zone: some UTCOffsets) -> Bool {
        let second = Nanoseconds.nanosecondsPerSecond
        let whole = WallTime(nanoseconds: instant.nanoseconds / second * second)
        return ZoneResolver.resolve(CivilDateTime(whole, in: zone), in: zone).instant != whole
    }
}
