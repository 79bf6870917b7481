/// Yearly rules in a lunar calendar (RFC 7529): `RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14;
/// SKIP=BACKWARD` is 음력 3월 14일 every year, as Korean calendars place it.
///
/// A lunar rule names one month (a leap month as `6L`) and one day; either left out is the
/// anchor's, read in that calendar. A date a year lacks (the 30th of a 29-day month, a leap month
/// the year does not have) follows `skip`: kit's own rules move it back (`SKIP=BACKWARD`: the
/// 29th, the plain month), as Korean calendars and families do with a 음력 birthday; a rule read
/// without `SKIP` omits it, as RFC 7529 says. Occurrences end with the lunar table in 2100.
extension Recurrence {
    /// The lunar part of a rule: its calendar, month, day and skip.
    public struct LunarRule: Hashable, Sendable {
        public var calendar: LunarCalendar
        /// `BYMONTH`: 1...12, nil for the anchor's month.
        public var month: Int?
        /// Whether `month` is the leap month of that number (`BYMONTH=6L`).
        public var isLeap: Bool
        /// `BYMONTHDAY`: 1...30, nil for the anchor's day.
        public var day: Int?
        public var skip: LunarCalendar.Skip

        public init(
            _ calendar: LunarCalendar = .dangi, month: Int? = nil, isLeap: Bool = false, day: Int? = nil,
            skip: LunarCalendar.Skip = .backward
        ) {
            self.calendar = calendar
            self.month = month
            self.isLeap = isLeap
            self.day = day
            self.skip = skip
        }

        /// `BYMONTH`'s value: `3`, `6L`.
        var monthText: String? { month.map { "\($0)" + (isLeap ? "L" : "") } }

        /// The lunar month and day this rule names from `anchor`'s lunar date.
        func monthDay(anchor: LunarDate) -> (month: Int, isLeap: Bool, day: Int) {
            (month ?? anchor.month, month == nil ? anchor.isLeap : isLeap, day ?? anchor.day)
        }
    }

    /// A lunar yearly rule: every `interval` years on this month and day.
    public static func lunarYearly(_ lunar: LunarRule, interval: Int = 1, end: End = .never) -> Recurrence {
        var rule = Recurrence(.yearly, interval: interval, end: end)
        rule.lunar = lunar
        return rule
    }

    /// The lunar rule's next date-time strictly after `from` and `anchor`; nil past the table's
    /// end or when the anchor is outside it.
    func lunarNextDate(after from: CivilDateTime, anchor: CivilDateTime, lunar: LunarRule) -> CivilDateTime? {
        let start = max(from, anchor)
        let calendar = lunar.calendar
        guard let anchorLunar = calendar.lunarDate(of: anchor.date),
            let startYear = calendar.lunarDate(of: start.date)?.year
        else { return nil }
        let (month, isLeap, day) = lunar.monthDay(anchor: anchorLunar)
        let times = timesOfDay(anchor: anchor.time)
        // A date of lunar year Y lies in it, or (moved forward) at the start of Y + 1.
        var year =
            anchorLunar.year + max(0, Self.floorDivide(startYear - 1 - anchorLunar.year, interval)) * interval
        while year <= LunarCalendar.years.upperBound {
            let lunarDate = LunarDate(year: year, month: month, isLeap: isLeap, day: day)
            if let date = calendar.date(lunarDate, skip: lunar.skip) {
                for time in times where CivilDateTime(date: date, time: time) > start {
                    return CivilDateTime(date: date, time: time)
                }
            }
            year += interval
        }
        return nil
    }

    /// Whether `due` is one of the lunar rule's date-times counted from itself.
    func lunarHolds(_ due: CivilDateTime, lunar: LunarRule) -> Bool {
        guard let dueLunar = lunar.calendar.lunarDate(of: due.date) else { return false }
        let (month, isLeap, day) = lunar.monthDay(anchor: dueLunar)
        let date = lunar.calendar.date(
            LunarDate(year: dueLunar.year, month: month, isLeap: isLeap, day: day), skip: lunar.skip)
        return date == due.date && timesOfDay(anchor: due.time).contains(due.time)
    }

    /// The checks a lunar rule adds: yearly, one month and day, nothing else that names days.
    func checkLunar(_ lunar: LunarRule, _ refuse: (String) -> KitError) throws(KitError) {
        guard frequency == .yearly else {
            throw refuse(
                "repeats \(frequency.rawValue) in the \(lunar.calendar.rawValue) calendar; kit repeats lunar dates yearly (FREQ=YEARLY)"
            )
        }
        guard byDay.isEmpty, byMonth.isEmpty, byMonthDay.isEmpty, bySetPosition.isEmpty, byYearDay.isEmpty,
            byWeekNo.isEmpty, monthEnd == .skip
        else {
            throw refuse(
                "names days that kit does not place in the \(lunar.calendar.rawValue) calendar; a lunar rule names one BYMONTH and one BYMONTHDAY"
            )
        }
        if let month = lunar.month, !(1...12).contains(month) {
            throw refuse("names lunar month \(month); lunar months go from 1 to 12 (a leap month is e.g. 6L)")
        }
        if lunar.isLeap && lunar.month == nil {
            throw refuse("names a leap month without its number; write e.g. BYMONTH=6L")
        }
        if let day = lunar.day, !(1...30).contains(day) {
            throw refuse("names lunar day \(day); a lunar month has 29 or 30 days")
        }
    }
}
