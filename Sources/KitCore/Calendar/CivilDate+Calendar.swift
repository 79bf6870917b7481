/// Calendar arithmetic on civil dates: weekdays, adding days and months, month ends, and the
/// "2nd Tuesday" kind of date.
extension CivilDate {
    /// The years kit accepts in dates people give it. Outside them a date is refused, so that
    /// every computation stays far from overflow and every zone has data.
    public static let supportedYears = 1900...2200

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `January` … `December` for 1...12.
    public static func monthName(_ month: Int) -> String {
        (1...12).contains(month) ? monthNames[month - 1] : "month \(month)"
    }

    /// Checks a date a person gave: a real day of a real month, in `supportedYears`.
    public static func validated(year: Int, month: Int, day: Int) throws(KitError) -> CivilDate {
        let date = CivilDate(year: year, month: month, day: day)
        guard supportedYears.contains(year) else {
            throw .invalidArgument(
                "'\(date.iso8601)' is outside the years kit handles (\(supportedYears.lowerBound) to \(supportedYears.upperBound)); give a date such as 2026-11-25"
            )
        }
        guard (1...12).contains(month) else {
            throw .invalidArgument("'\(date.iso8601)' is not a date: months go from 01 to 12 (e.g. 2026-11-25)")
        }
        let last = daysIn(month: month, year: year)
        guard (1...last).contains(day) else {
            throw .invalidArgument(
                "'\(date.iso8601)' is not a date: \(String(date.iso8601.prefix(7))) has \(last) days (e.g. \(CivilDate(year: year, month: month, day: last).iso8601))"
            )
        }
        return date
    }

    /// True for a real date within `supportedYears`.
    public var isValid: Bool {
        Self.supportedYears.contains(year) && (1...12).contains(month)
            && (1...Self.daysIn(month: month, year: year)).contains(day)
    }

    /// The ISO weekday: Monday is 1, Sunday is 7.
    public var weekday: Weekday {
        let days = daysSinceEpoch
        // 1970-01-01 was a Thursday (4).
        let index = ((days + 3) % 7 + 7) % 7
        return Weekday(rawValue: Int(index) + 1)!
    }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + Int64(days)) }

    /// Days from `self` to `other`: positive when `other` is later.
    public func days(until other: CivilDate) -> Int { Int(other.daysSinceEpoch - daysSinceEpoch) }

    /// The same day of the month `months` later (or earlier), or nil when that month is too short
    /// (Jan 31 + 1 month). See `addingClamped(months:)` for the other policy.
    public func adding(months: Int) -> CivilDate? {
        let moved = Self.firstOfMonth(index: monthIndex + months)
        guard day <= Self.daysIn(month: moved.month, year: moved.year) else { return nil }
        return CivilDate(year: moved.year, month: moved.month, day: day)
    }

    /// The same day of the month `months` later (or earlier), moved back to the month's last day
    /// when that month is too short: Jan 31 + 1 month is Feb 28 (or 29).
    public func addingClamped(months: Int) -> CivilDate {
        let moved = Self.firstOfMonth(index: monthIndex + months)
        return CivilDate(
            year: moved.year, month: moved.month, day: min(day, Self.daysIn(month: moved.month, year: moved.year)))
    }

    /// The last day of this date's month.
    public var lastDayOfMonth: CivilDate { Self.lastDay(year: year, month: month) }

    public static func lastDay(year: Int, month: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: daysIn(month: month, year: year))
    }

    /// The `n`th `weekday` of a month: `n` 1...5 counts from the start (`2nd tue` is 2), -1...-5
    /// from the end (`last fri` is -1). Nil when the month has no such day (a 5th Monday).
    public static func nthWeekday(_ n: Int, _ weekday: Weekday, year: Int, month: Int) -> CivilDate? {
        guard n != 0, (-5...5).contains(n), (1...12).contains(month) else { return nil }
        let length = daysIn(month: month, year: year)
        let day: Int
        if n > 0 {
            let first = CivilDate(year: year, month: month, day: 1).weekday
            day = 1 + first.days(until: weekday) + (n - 1) * 7
        } else {
            let last = CivilDate(year: year, month: month, day: length).weekday
            day = length - weekday.days(until: last) + (n + 1) * 7
        }
        guard (1...length).contains(day) else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// Months since year 0: `year * 12 + month - 1`. Consecutive months differ by one.
    var monthIndex: Int { year * 12 + month - 1 }

    static func firstOfMonth(index: Int) -> CivilDate {
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        return CivilDate(year: year, month: index - year * 12 + 1, day: 1)
    }
}
