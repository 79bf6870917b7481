/// How a task repeats: the iCalendar recurrence rule (RFC 5545 `RRULE`) from hourly to yearly,
/// with one addition, the month-end policy.
///
/// A rule is read against an **anchor**, the first due date-time. Parts the rule leaves out come
/// from the anchor as RFC 5545 says: the hour, minute and second unless BYHOUR, BYMINUTE and
/// BYSECOND give them (the minute and second of `hourly`), the weekday of `weekly`, the day of
/// the month of `monthly`, the month and day of `yearly`. The anchor is always occurrence 1 and
/// counts towards `COUNT`, even when it does not match the rule.
///
/// **Month ends.** `monthEnd` says what happens to a day of the month that a month lacks:
/// - `.skip` (RFC 5545, and every rule read from an `RRULE`): the month has no occurrence.
///   `FREQ=MONTHLY` anchored on the 31st fires only in 31-day months; `FREQ=YEARLY` anchored on
///   Feb 29 fires only in leap years.
/// - `.clamp` (the friendly forms `monthly`, `monthly on day 31`, `every 6 months`, `yearly`):
///   the month's last day stands in. "monthly" from Jan 31 fires on Feb 28 (or 29), Mar 31,
///   Apr 30; "yearly" from Feb 29 fires on Feb 28 in common years.
///
/// Clamping applies only to rules that name a single day of the month (given or from the
/// anchor). Its normal form is RFC 7529's `RSCALE=GREGORIAN;…;SKIP=BACKWARD`, which needs no
/// anchor; an export from the 29th…31st writes the RFC 5545 equivalent
/// `BYMONTHDAY=28,29,30,31;BYSETPOS=-1`, which the RRULE reader also turns back into `.clamp`.
public struct Recurrence: Hashable, Sendable {
    public enum Frequency: String, CaseIterable, Sendable {
        case hourly = "HOURLY"
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"
    }

    /// A `BYDAY` entry: a weekday, with an ordinal in monthly and yearly rules (`2TU` is the
    /// second Tuesday, `-1FR` the last Friday).
    public struct WeekdayRule: Hashable, Comparable, Sendable {
        public var ordinal: Int?
        public var weekday: Weekday

        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        /// `MO`, `2TU`, `-1FR`.
        public var icalText: String { (ordinal.map(String.init) ?? "") + weekday.icalCode }

        public static func < (lhs: WeekdayRule, rhs: WeekdayRule) -> Bool {
            (lhs.weekday, lhs.ordinal ?? 0) < (rhs.weekday, rhs.ordinal ?? 0)
        }
    }

    /// What happens to a day of the month that a month lacks; see the type's documentation.
    public enum MonthEndPolicy: String, Hashable, Sendable {
        case skip
        case clamp
    }

    /// The last occurrence allowed by `UNTIL` (inclusive).
    public enum Until: Hashable, Sendable {
        /// Through the end of this local date.
        case date(CivilDate)
        /// Through this local date-time (a "floating" `UNTIL` without `Z`).
        case local(CivilDateTime)
        /// Through this UTC date-time (`UNTIL=…Z`); compared in the task's zone.
        case utc(CivilDateTime)
    }

    public enum End: Hashable, Sendable {
        case never
        /// At most this many occurrences, the anchor being the first.
        case count(Int)
        case until(Until)
    }

    public var frequency: Frequency
    /// Every `interval`th day, week, month or year: 1...`maximumInterval`.
    public var interval: Int
    /// `BYDAY`.
    public var byDay: [WeekdayRule]
    /// `BYMONTHDAY`: 1...31 from the start of the month, -31...-1 from its end.
    public var byMonthDay: [Int]
    /// `BYMONTH`: 1...12.
    public var byMonth: [Int]
    /// `BYSETPOS`: picks among the date-times one period yields, 1... from the first, -1... from
    /// the last.
    public var bySetPosition: [Int]
    /// `BYYEARDAY`: 1...366 from the start of the year, -366...-1 from its end. Yearly rules
    /// name these days; hourly ones keep only them.
    public var byYearDay: [Int] {
        get { rare.parts.byYearDay }
        set { rare.parts.byYearDay = newValue }
    }
    /// `BYWEEKNO` (yearly rules only): weeks 1...53 of the year, -53...-1 from its end. Week 1 is
    /// the first week, starting on `weekStart`, with at least four days in the year (ISO 8601).
    public var byWeekNo: [Int] {
        get { rare.parts.byWeekNo }
        set { rare.parts.byWeekNo = newValue }
    }
    /// `BYHOUR`, `BYMINUTE`, `BYSECOND`: the times of day a rule gives. Left out, they are the
    /// anchor's (its minute and second in an hourly rule); an hourly rule keeps only the hours
    /// in `byHour`.
    public var byHour: [Int] {
        get { rare.parts.byHour }
        set { rare.parts.byHour = newValue }
    }
    public var byMinute: [Int] {
        get { rare.parts.byMinute }
        set { rare.parts.byMinute = newValue }
    }
    public var bySecond: [Int] {
        get { rare.parts.bySecond }
        set { rare.parts.bySecond = newValue }
    }
    /// A lunar calendar's month and day (RFC 7529's `RSCALE=DANGI`), for yearly rules that
    /// follow 음력; nil for the Gregorian calendar. See `Recurrence+Lunar.swift`.
    public var lunar: LunarRule? {
        get { rare.parts.lunar }
        set { rare.parts.lunar = newValue }
    }
    /// The parts few rules have, kept out of line: a task is copied often (100,000 at start), and
    /// five more lists inline made every copy retain five more (kit-bench task-startup).
    private var rare = RareParts.none
    /// `WKST`: the first day of the week, which matters for weekly rules with an interval.
    public var weekStart: Weekday
    public var end: End
    public var monthEnd: MonthEndPolicy

    public init(
        _ frequency: Frequency, interval: Int = 1, byDay: [WeekdayRule] = [], byMonthDay: [Int] = [],
        byMonth: [Int] = [], bySetPosition: [Int] = [], byYearDay: [Int] = [], byWeekNo: [Int] = [],
        byHour: [Int] = [], byMinute: [Int] = [], bySecond: [Int] = [], weekStart: Weekday = .monday,
        end: End = .never, monthEnd: MonthEndPolicy = .skip
    ) {
        self.frequency = frequency
        self.interval = interval
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byMonth = byMonth
        self.bySetPosition = bySetPosition
        self.weekStart = weekStart
        self.end = end
        self.monthEnd = monthEnd
        self.byYearDay = byYearDay
        self.byWeekNo = byWeekNo
        self.byHour = byHour
        self.byMinute = byMinute
        self.bySecond = bySecond
    }

    /// BYYEARDAY, BYWEEKNO, BYHOUR, BYMINUTE, BYSECOND and a lunar calendar, in one box when any
    /// is given.
    private indirect enum RareParts: Hashable, Sendable {
        case none
        case some(Lists)

        struct Lists: Hashable, Sendable {
            var byYearDay: [Int] = []
            var byWeekNo: [Int] = []
            var byHour: [Int] = []
            var byMinute: [Int] = []
            var bySecond: [Int] = []
            var lunar: LunarRule?
        }

        var parts: Lists {
            get {
                if case .some(let lists) = self { return lists }
                return Lists()
            }
            set { self = newValue == Lists() ? .none : .some(newValue) }
        }
    }

    /// The rule of a series made of listed dates alone (DTSTART and RDATEs, no RRULE): it gives
    /// its first due and nothing more, and the series' added dates give the rest.
    public static let firstDueOnly = Recurrence(.daily, end: .count(1))

    /// Whether this rule gives nothing after its first due (`COUNT=1`): a series of listed dates.
    public var givesFirstDueOnly: Bool { end == .count(1) }

    public static let maximumInterval = 999
    /// The largest `COUNT` kit accepts; a longer series can use `UNTIL`.
    public static let maximumCount = 10_000

    /// Reads either form: an `RRULE` (`FREQ=WEEKLY;BYDAY=MO`, with or without `RRULE:`) or the
    /// friendly syntax (`every 2 weeks on tue,thu`).
    public static func parse(_ text: String) throws(KitError) -> Recurrence {
        let upper = text.uppercased()
        if upper.contains("FREQ=") || upper.hasPrefix("RRULE:") { return try parseRRULE(text) }
        if KoreanText.hasHangul(text) { return try KoreanRepeat.parse(text) }
        return try parseFriendly(text)
    }

    /// Sorts and de-duplicates the lists, and drops a month-end policy that no month can meet
    /// ("monthly on day 15" clamps nothing), so rules with the same occurrences from every anchor
    /// compare equal and have one `rrule`; and checks the rule.
    public func validated() throws(KitError) -> Recurrence {
        var rule = self
        rule.byDay = Array(Set(byDay)).sorted()
        rule.byMonthDay = Array(Set(byMonthDay)).sorted()
        rule.byMonth = Array(Set(byMonth)).sorted()
        rule.bySetPosition = Array(Set(bySetPosition)).sorted()
        rule.byYearDay = Array(Set(byYearDay)).sorted()
        rule.byWeekNo = Array(Set(byWeekNo)).sorted()
        rule.byHour = Array(Set(byHour)).sorted()
        rule.byMinute = Array(Set(byMinute)).sorted()
        rule.bySecond = Array(Set(bySecond)).sorted()
        try rule.check()
        if rule.lunar == nil, rule.monthEnd == .clamp, let day = rule.byMonthDay.first {
            let months = rule.byMonth.isEmpty ? Array(1...12) : rule.byMonth
            if months.allSatisfy({ day <= CivilDate.daysIn(month: $0, year: 2001) }) { rule.monthEnd = .skip }
        }
        return rule
    }

    private func check() throws(KitError) {
        func refuse(_ message: String) -> KitError { .invalidArgument("the rule \(rruleForMessages) \(message)") }
        guard (1...Self.maximumInterval).contains(interval) else {
            throw refuse("has interval \(interval); use 1 to \(Self.maximumInterval)")
        }
        if let month = byMonth.first(where: { !(1...12).contains($0) }) {
            throw refuse("names month \(month); months go from 1 to 12")
        }
        if let day = byMonthDay.first(where: { $0 == 0 || !(-31...31).contains($0) }) {
            throw refuse("names day \(day) of the month; use 1 to 31, or -1 to -31 counting from the end")
        }
        if frequency == .weekly && !byMonthDay.isEmpty {
            throw refuse("gives days of the month to a weekly rule; use FREQ=MONTHLY, or BYDAY for weekdays")
        }
        try checkYearAndTimeParts(refuse)
        if let lunar {
            try checkLunar(lunar, refuse)
            if case .count(let count) = end, !(1...Self.maximumCount).contains(count) {
                throw refuse("has COUNT=\(count); use 1 to \(Self.maximumCount), or an end date")
            }
            return
        }
        let ordinalLimit = frequency == .yearly && byMonth.isEmpty ? 53 : 5
        for rule in byDay {
            guard let ordinal = rule.ordinal else { continue }
            guard frequency == .monthly || frequency == .yearly else {
                throw refuse(
                    "numbers a weekday (\(rule.icalText)) in a \(frequency.rawValue.lowercased()) rule; "
                        + "only monthly and yearly rules can say e.g. 2TU")
            }
            guard ordinal != 0, (-ordinalLimit...ordinalLimit).contains(ordinal) else {
                throw refuse(
                    "has \(rule.icalText); the number before the weekday goes from 1 to \(ordinalLimit) "
                        + "or -1 to -\(ordinalLimit)")
            }
        }
        if let position = bySetPosition.first(where: { $0 == 0 || !(-366...366).contains($0) }) {
            throw refuse("has BYSETPOS=\(position); use 1 to 366 or -1 to -366")
        }
        if !bySetPosition.isEmpty && byDay.isEmpty && byMonthDay.isEmpty && byMonth.isEmpty && byYearDay.isEmpty
            && byWeekNo.isEmpty && byHour.isEmpty && byMinute.isEmpty && bySecond.isEmpty
        {
            throw refuse("has BYSETPOS without another BY part to pick from")
        }
        switch end {
        case .never, .until: break
        case .count(let count):
            guard (1...Self.maximumCount).contains(count) else {
                throw refuse("has COUNT=\(count); use 1 to \(Self.maximumCount), or an end date")
            }
        }
        if monthEnd == .clamp {
            guard frequency == .monthly || frequency == .yearly, byDay.isEmpty, bySetPosition.isEmpty,
                byYearDay.isEmpty, byWeekNo.isEmpty,
                byMonthDay.count <= 1, byMonthDay.allSatisfy({ $0 > 0 }),
                frequency == .monthly || byMonth.count == 1 || (byMonth.isEmpty && byMonthDay.isEmpty)
            else {
                throw refuse(
                    "moves missing month days to the month's end, which kit does only for a single "
                        + "day of the month in a monthly rule, or of a single month in a yearly rule")
            }
        }
        // A placeholder anchor on Monday 1900-01-01 exists in every month, so what is checked here
        // is only what the rule itself says; the anchor is checked by `RecurrenceSeries`.
        let anchor = CivilDateTime(date: CivilDate(year: 1900, month: 1, day: 1))
        var single = self
        single.interval = 1
        guard single.nextDate(after: anchor.adding(seconds: -1), anchor: anchor) != nil else {
            let parts =
                byWeekNo.isEmpty && byYearDay.isEmpty
                ? "BYMONTH against BYMONTHDAY" : "BYMONTH against BYWEEKNO, BYYEARDAY and BYMONTHDAY"
            throw refuse("never occurs: no date from 1900 to 2200 matches it. Check \(parts)")
        }
    }

    /// The ranges of BYYEARDAY, BYWEEKNO and the time parts, and the frequencies RFC 5545 gives
    /// them (5545 3.3.10's table): BYWEEKNO in yearly rules, BYYEARDAY not in weekly or monthly
    /// ones, no numbered weekday beside either.
    private func checkYearAndTimeParts(_ refuse: (String) -> KitError) throws(KitError) {
        if byYearDay.isEmpty && byWeekNo.isEmpty && byHour.isEmpty && byMinute.isEmpty && bySecond.isEmpty { return }
        let ranges: [(String, [Int], ClosedRange<Int>, Bool)] = [
            ("BYYEARDAY", byYearDay, 1...366, true), ("BYWEEKNO", byWeekNo, 1...53, true),
            ("BYHOUR", byHour, 0...23, false), ("BYMINUTE", byMinute, 0...59, false),
            ("BYSECOND", bySecond, 0...59, false),
        ]
        for (name, values, range, signed) in ranges {
            let bad = values.first { !(range.contains($0) || (signed && range.contains(-$0))) }
            guard let bad else { continue }
            let allowed =
                "\(range.lowerBound) to \(range.upperBound)" + (signed ? " or -1 to -\(range.upperBound)" : "")
            throw refuse("has \(name)=\(bad); use \(allowed)")
        }
        if !byWeekNo.isEmpty && frequency != .yearly {
            throw refuse(
                "has BYWEEKNO in a \(frequency.rawValue.lowercased()) rule; weeks of the year go in FREQ=YEARLY")
        }
        if !byYearDay.isEmpty && frequency != .yearly && frequency != .hourly {
            throw refuse(
                "has BYYEARDAY in a \(frequency.rawValue.lowercased()) rule; days of the year go in FREQ=YEARLY")
        }
        if (!byWeekNo.isEmpty || !byYearDay.isEmpty) && byDay.contains(where: { $0.ordinal != nil }) {
            throw refuse("numbers a weekday beside BYWEEKNO or BYYEARDAY; name plain weekdays, e.g. BYDAY=MO")
        }
    }

    /// The rule as people see it in messages: its RRULE text, quoted.
    var rruleForMessages: String { "'" + rrule + "'" }
}
