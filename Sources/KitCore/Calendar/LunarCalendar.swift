/// The lunisolar calendars kit places dates in: Korea's 음력 as 한국천문연구원 (KASI) publishes it
/// (`dangi`, RFC 7529's `RSCALE=DANGI`), and China's (`chinese`, read from other calendars'
/// `RSCALE=CHINESE` series). They differ in some years: 2017 has 윤5월 in Korea and a leap sixth
/// month in China.
///
/// The calendars are tables, one entry per lunar year from 1900 to 2100: the Gregorian date of
/// its new year, its leap month, and which months have 30 days. Korea's years up to 2050 are
/// KASI's, and its years after 2050 come from ICU's `dangi` calendar (which matches KASI's in
/// every month to 2050 but two, in 2017); China's are the Hong Kong Observatory's, as published
/// converters carry them (ICU's `chinese` calendar differs from them in 27 months). The test data
/// (`Tests/KitCoreTests/Data`) and `scripts/lunar-tables.py` say where each comes from. kit
/// computes no astronomy and guesses no date: outside the table, every answer is nil.
///
/// Months are numbered 1...12; a leap month (윤달) follows the month of its number and is written
/// `윤6월`, or `6L` in RFC 7529.
public enum LunarCalendar: String, CaseIterable, Hashable, Sendable {
    case dangi = "DANGI"
    case chinese = "CHINESE"

    /// The lunar years kit can place.
    public static let years = 1900...2100

    /// One month of a lunar year.
    public struct Month: Hashable, Sendable {
        public var number: Int
        public var isLeap: Bool
        /// The Gregorian date of its first day.
        public var first: CivilDate
        /// 29 or 30.
        public var days: Int
    }

    /// What to do with a lunar date a year lacks (RFC 7529's `SKIP`): a 30th in a 29-day month,
    /// or a leap month in a year without it.
    public enum Skip: String, Hashable, Sendable {
        /// No date that year.
        case omit = "OMIT"
        /// The day before: the month's last day (the 29th), or the month the leap month follows
        /// (윤6월 is 6월). What Korean calendars do for a 음력 birthday, and kit's own rules.
        case backward = "BACKWARD"
        /// The day after: the next month's first day, or the month after the leap month.
        case forward = "FORWARD"
    }

    /// The months of lunar year `year`, in order (12 or 13); empty outside `years`.
    public func months(ofYear year: Int) -> [Month] {
        guard let entry = entry(year) else { return [] }
        var first = CivilDate(year: year, month: 1, day: 1).adding(days: entry.newYearOffset)
        var months: [Month] = []
        let count = entry.leapMonth == 0 ? 12 : 13
        for index in 0..<count {
            let isLeap = entry.leapMonth != 0 && index == entry.leapMonth
            let number = entry.leapMonth != 0 && index >= entry.leapMonth ? index : index + 1
            let days = entry.thirtyDays & (1 << index) != 0 ? 30 : 29
            months.append(Month(number: number, isLeap: isLeap, first: first, days: days))
            first = first.adding(days: days)
        }
        return months
    }

    /// The leap month of lunar year `year` (윤6월: 6), or nil when it has none or is outside `years`.
    public func leapMonth(ofYear year: Int) -> Int? {
        guard let entry = entry(year), entry.leapMonth != 0 else { return nil }
        return entry.leapMonth
    }

    /// The Gregorian date of a lunar date, nil when the year lacks it.
    public func date(_ lunar: LunarDate) -> CivilDate? {
        guard
            let month = months(ofYear: lunar.year).first(where: {
                $0.number == lunar.month && $0.isLeap == lunar.isLeap
            }),
            (1...month.days).contains(lunar.day)
        else { return nil }
        return month.first.adding(days: lunar.day - 1)
    }

    /// The Gregorian date of a lunar date, moving one the year lacks as `skip` says (RFC 7529:
    /// first the month, then the day); nil when `skip` omits it, or outside `years`.
    public func date(_ lunar: LunarDate, skip: Skip) -> CivilDate? {
        let months = months(ofYear: lunar.year)
        guard !months.isEmpty, (1...12).contains(lunar.month), (1...30).contains(lunar.day) else { return nil }
        var index = months.firstIndex { $0.number == lunar.month && $0.isLeap == lunar.isLeap }
        var day = lunar.day
        if index == nil {
            // A leap month this year lacks.
            switch skip {
            case .omit: return nil
            case .backward: index = months.firstIndex { $0.number == lunar.month && !$0.isLeap }
            case .forward:
                guard let plain = months.firstIndex(where: { $0.number == lunar.month && !$0.isLeap }) else {
                    return nil
                }
                if plain + 1 < months.count {
                    index = plain + 1
                } else {
                    // After the twelfth month comes the next year's first.
                    return date(LunarDate(year: lunar.year + 1, month: 1, day: day), skip: skip)
                }
            }
        }
        guard let index else { return nil }
        let month = months[index]
        if day > month.days {
            switch skip {
            case .omit: return nil
            case .backward: day = month.days
            case .forward: return month.first.adding(days: month.days)
            }
        }
        return month.first.adding(days: day - 1)
    }

    /// The lunar date of a Gregorian date; nil outside the table.
    public func lunarDate(of date: CivilDate) -> LunarDate? {
        var year = date.year
        // A Gregorian January or February day may still be in the lunar year before.
        let newYear = entry(year).map { CivilDate(year: year, month: 1, day: 1).adding(days: $0.newYearOffset) }
        if newYear.map({ date < $0 }) ?? true { year -= 1 }
        for month in months(ofYear: year) where date < month.first.adding(days: month.days) {
            guard date >= month.first else { return nil }
            return LunarDate(
                year: year, month: month.number, isLeap: month.isLeap, day: month.first.days(until: date) + 1)
        }
        return nil
    }

    /// A year's entry, decoded.
    private struct Entry {
        var newYearOffset: Int
        var leapMonth: Int
        var thirtyDays: UInt32
    }

    private func entry(_ year: Int) -> Entry? {
        guard Self.years.contains(year) else { return nil }
        let table = self == .dangi ? Self.dangiTable : Self.chineseTable
        let bits = table[year - Self.years.lowerBound]
        return Entry(
            newYearOffset: Int(bits >> 17), leapMonth: Int((bits >> 13) & 0xF), thirtyDays: bits & 0x1FFF)
    }
}

/// A date in a lunar calendar: 음력 2027년 윤6월 1일 is year 2027, month 6, leap, day 1.
public struct LunarDate: Hashable, Sendable, CustomStringConvertible {
    /// The lunar year, numbered as the Gregorian year its new year falls in.
    public var year: Int
    public var month: Int
    public var isLeap: Bool
    public var day: Int

    public init(year: Int, month: Int, isLeap: Bool = false, day: Int) {
        self.year = year
        self.month = month
        self.isLeap = isLeap
        self.day = day
    }

    /// `음력 2027년 윤6월 1일`.
    public var description: String { "음력 \(year)년 " + Self.monthDayText(month: month, isLeap: isLeap, day: day) }

    /// `윤6월 1일`, `3월 14일`.
    public static func monthDayText(month: Int, isLeap: Bool, day: Int) -> String {
        (isLeap ? "윤" : "") + "\(month)월 \(day)일"
    }
}
