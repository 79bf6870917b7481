/// Reading and writing RFC 5545's `RRULE` as kit repeats tasks: `FREQ` (HOURLY, DAILY, WEEKLY,
/// MONTHLY, YEARLY), `INTERVAL`, `BYDAY` (with ordinals in monthly and yearly rules), `BYMONTHDAY`,
/// `BYMONTH`, `BYYEARDAY`, `BYWEEKNO`, `BYHOUR`, `BYMINUTE`, `BYSECOND`, `BYSETPOS`, `WKST`, and
/// `COUNT` or `UNTIL`; and from RFC 7529, `RSCALE=GREGORIAN` with `SKIP=OMIT` (RFC 5545's own
/// rule) or `SKIP=BACKWARD` (kit's move to the month's end). `MINUTELY` and `SECONDLY` are
/// refused: a task that pops up every few minutes is a nag (`--nag`), not a series.
///
/// A rule has two written forms:
/// - `rrule`, its **normal form**: written from the rule alone, so kitctl produces it once, kitd
///   stores exactly that text, and `task.*` replies carry it as `repeatRule`. A clamped rule is
///   written with RFC 7529, `RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD`.
/// - `rrule(anchor:)`, the **file form** for `.ics` exports: RFC 5545 alone, which every client
///   reads (Python's icalendar 4 cannot even write `RSCALE` back). A clamp to the 29th…31st is
///   `BYMONTHDAY=28,29,30,31;BYSETPOS=-1`. A clamp its anchor never meets ("monthly" from the
///   15th) is plain `FREQ=MONTHLY`, the same occurrences, and the file keeps the policy in the
///   parameter `RRULE;X-KIT-SKIP=BACKWARD:` (`keepsMonthEndInParameter(anchor:)`), which other
///   clients ignore and kit's reader applies with `movingMissingDaysToMonthEnd()`.
extension Recurrence {
    static let supportedParts = [
        "FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYYEARDAY", "BYWEEKNO", "BYHOUR", "BYMINUTE", "BYSECOND",
        "BYSETPOS", "WKST", "COUNT", "UNTIL", "RSCALE", "SKIP",
    ]
    static let rruleExample = "FREQ=WEEKLY;BYDAY=MO,WE or FREQ=MONTHLY;BYDAY=-1FR;COUNT=6"

    /// Reads an `RRULE` value, with or without the `RRULE:` prefix. The rule follows RFC 5545:
    /// days a month lacks are skipped, unless RFC 7529's `SKIP=BACKWARD` moves them to the month's
    /// end. `BYMONTHDAY=28,29,30,31;BYSETPOS=-1` (and the like ending at 29 or 30) also reads as
    /// "day 31, clamped to the month's end", the form exports use.
    public static func parseRRULE(_ text: String) throws(KitError) -> Recurrence {
        var body = Substring(text.trimmingWhitespace())
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        let quoted = "'\(text.trimmingWhitespace())'"
        guard !body.isEmpty else { throw .invalidArgument("the RRULE is empty; write e.g. \(rruleExample)") }
        var parts: [String: String] = [:]
        var unknown: [String] = []
        for part in body.split(separator: ";") {
            guard let equals = part.firstIndex(of: "=") else {
                throw .invalidArgument("the RRULE \(quoted) has '\(part)' without '='; write e.g. \(rruleExample)")
            }
            let name = String(part[..<equals]).trimmingWhitespace().uppercased()
            let value = String(part[part.index(after: equals)...]).trimmingWhitespace().uppercased()
            guard supportedParts.contains(name) else {
                unknown.append(name)
                continue
            }
            guard parts.updateValue(value, forKey: name) == nil else {
                throw .invalidArgument("the RRULE \(quoted) gives \(name) twice; give it once")
            }
        }
        if !unknown.isEmpty {
            throw .invalidArgument(
                "the RRULE \(quoted) has parts kit does not support: \(unknown.joined(separator: ", ")); kit reads \(supportedParts.joined(separator: ", "))"
            )
        }
        func integers(_ name: String) throws(KitError) -> [Int] {
            guard let value = parts[name] else { return [] }
            var numbers: [Int] = []
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let number = Int(item.hasPrefix("+") ? item.dropFirst() : item) else {
                    throw .invalidArgument(
                        "the RRULE \(quoted) has \(name)=\(value); give whole numbers, e.g. \(name)=1,15")
                }
                numbers.append(number)
            }
            return numbers
        }
        guard let freqText = parts["FREQ"] else {
            throw .invalidArgument("the RRULE \(quoted) has no FREQ; start it with e.g. FREQ=WEEKLY")
        }
        if freqText == "MINUTELY" || freqText == "SECONDLY" {
            throw .invalidArgument(
                "the RRULE \(quoted) has FREQ=\(freqText); kit repeats a task at most HOURLY. For a popup that comes back every few minutes until done, give the task a nag, e.g. --nag 15m"
            )
        }
        guard let frequency = Frequency(rawValue: freqText) else {
            throw .invalidArgument(
                "the RRULE \(quoted) has FREQ=\(freqText); kit repeats HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        var rule = Recurrence(frequency)
        if parts["INTERVAL"] != nil {
            let values = try integers("INTERVAL")
            guard values.count == 1 else {
                throw .invalidArgument("the RRULE \(quoted) needs one INTERVAL, e.g. INTERVAL=2")
            }
            rule.interval = values[0]
        }
        let lunarCalendar = try parts["RSCALE"].flatMap { (scale) throws(KitError) -> LunarCalendar? in
            if scale == "GREGORIAN" { return nil }
            guard let calendar = LunarCalendar(rawValue: scale) else {
                throw .invalidArgument(
                    "the RRULE \(quoted) has RSCALE=\(scale); kit repeats in the Gregorian calendar (RSCALE=GREGORIAN) and the Korean and Chinese lunar calendars (RSCALE=DANGI, RSCALE=CHINESE)"
                )
            }
            return calendar
        }
        if let lunarCalendar {
            rule.lunar = try lunarPart(lunarCalendar, parts, quoted: quoted)
        } else {
            rule.byMonth = try integers("BYMONTH")
            rule.byMonthDay = try integers("BYMONTHDAY")
        }
        rule.bySetPosition = try integers("BYSETPOS")
        rule.byYearDay = try integers("BYYEARDAY")
        rule.byWeekNo = try integers("BYWEEKNO")
        rule.byHour = try integers("BYHOUR")
        rule.byMinute = try integers("BYMINUTE")
        rule.bySecond = try integers("BYSECOND")
        if let value = parts["BYDAY"] {
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = parseWeekdayRule(item) else {
                    throw .invalidArgument(
                        "the RRULE \(quoted) has BYDAY=\(value); write weekdays as MO…SU, numbered in monthly rules as e.g. 2TU or -1FR"
                    )
                }
                rule.byDay.append(day)
            }
        }
        if let value = parts["WKST"] {
            guard let day = Weekday(icalCode: value) else {
                throw .invalidArgument("the RRULE \(quoted) has WKST=\(value); use MO, TU, WE, TH, FR, SA or SU")
            }
            rule.weekStart = day
        }
        switch (parts["COUNT"], parts["UNTIL"]) {
        case (.some, .some):
            throw .invalidArgument("the RRULE \(quoted) has both COUNT and UNTIL; RFC 5545 allows one of them")
        case (.some(let value), nil):
            guard let count = Int(value) else {
                throw .invalidArgument("the RRULE \(quoted) has COUNT=\(value); give a whole number, e.g. COUNT=10")
            }
            rule.end = .count(count)
        case (nil, .some(let value)):
            guard let until = parseUntil(value) else {
                throw .invalidArgument(
                    "the RRULE \(quoted) has UNTIL=\(value), which is not a date in 1900…2200; write UNTIL=20270131 or UNTIL=20270131T235959Z"
                )
            }
            rule.end = .until(until)
        case (nil, nil):
            break
        }
        if rule.lunar != nil { return try rule.validated() }
        switch parts["SKIP"] {
        case nil, "OMIT":
            break
        case "BACKWARD":
            guard parts["RSCALE"] != nil else {
                throw .invalidArgument(
                    "the RRULE \(quoted) has SKIP without RSCALE; RFC 7529 asks for both: RSCALE=GREGORIAN;…;SKIP=BACKWARD"
                )
            }
            // Only a day of the month can be missing; BYDAY rules and daily or weekly ones
            // never meet one, so SKIP changes nothing for them and the rule is RFC 5545's.
            if (frequency == .monthly || frequency == .yearly) && rule.byDay.isEmpty { rule.monthEnd = .clamp }
        case .some(let skip):
            throw .invalidArgument(
                "the RRULE \(quoted) has SKIP=\(skip); kit skips a missing day (SKIP=OMIT) or moves it to the month's end (SKIP=BACKWARD), not to the next month"
            )
        }
        rule.recogniseClampPattern()
        return try rule.validated()
    }

    /// A lunar rule's BYMONTH (one month, a leap one as `6L`), BYMONTHDAY (one day) and SKIP.
    private static func lunarPart(_ calendar: LunarCalendar, _ parts: [String: String], quoted: String)
        throws(KitError) -> LunarRule
    {
        var lunar = LunarRule(calendar, skip: .omit)
        if var month = parts["BYMONTH"] {
            if month.hasSuffix("L") {
                lunar.isLeap = true
                month.removeLast()
            }
            guard let number = Int(month) else {
                throw .invalidArgument(
                    "the RRULE \(quoted) has BYMONTH=\(parts["BYMONTH"] ?? ""); a lunar rule names one month, e.g. BYMONTH=3 or BYMONTH=6L for the leap sixth month"
                )
            }
            lunar.month = number
        }
        if let day = parts["BYMONTHDAY"] {
            guard let number = Int(day) else {
                throw .invalidArgument(
                    "the RRULE \(quoted) has BYMONTHDAY=\(day); a lunar rule names one day of the month, e.g. BYMONTHDAY=14"
                )
            }
            lunar.day = number
        }
        if let skip = parts["SKIP"] {
            guard let value = LunarCalendar.Skip(rawValue: skip) else {
                throw .invalidArgument("the RRULE \(quoted) has SKIP=\(skip); RFC 7529 has OMIT, BACKWARD and FORWARD")
            }
            lunar.skip = value
        }
        return lunar
    }

    /// The rule's normal form, written from the rule alone: the text kitctl sends, kitd stores and
    /// `task.*` replies carry. A rule that moves missing days to the month's end is written with
    /// RFC 7529: `RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD`; a lunar one is
    /// `RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14;SKIP=BACKWARD`.
    public var rrule: String {
        if let lunar { return lunarRRULE(lunar, anchor: nil) }
        let parts = commonParts(months: byMonth, monthDays: byMonthDay, positions: bySetPosition)
        guard monthEnd == .clamp else { return parts.joined(separator: ";") }
        return (["RSCALE=GREGORIAN"] + parts + ["SKIP=BACKWARD"]).joined(separator: ";")
    }

    /// The rule as an `.ics` file writes it for this anchor (without `RRULE:`), in RFC 5545
    /// alone. From the 31st, a clamped "monthly" is `FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1`;
    /// from the 15th it is `FREQ=MONTHLY`, and `keepsMonthEndInParameter(anchor:)` is true.
    public func rrule(anchor: CivilDate) -> String {
        if let lunar { return lunarRRULE(lunar, anchor: anchor) }
        guard let day = clampedDayBeyondShortestMonth(anchor: anchor) else {
            return commonParts(months: byMonth, monthDays: byMonthDay, positions: bySetPosition).joined(separator: ";")
        }
        let months = frequency == .yearly ? [byMonth.first ?? anchor.month] : byMonth
        return commonParts(months: months, monthDays: Array(28...day), positions: [-1]).joined(separator: ";")
    }

    /// Whether `rrule(anchor:)` leaves out this rule's move to the month's end, because this
    /// anchor's day is in every month the rule visits: the file then says it with the RRULE
    /// parameter `X-KIT-SKIP=BACKWARD`, so a copy in another kit still clamps when its due moves.
    public func keepsMonthEndInParameter(anchor: CivilDate) -> Bool {
        monthEnd == .clamp && clampedDayBeyondShortestMonth(anchor: anchor) == nil
    }

    /// A rule read from an RRULE with `X-KIT-SKIP=BACKWARD`: missing days move to the month's
    /// end, as with `RSCALE=GREGORIAN;SKIP=BACKWARD`. A rule kit cannot clamp (several days of
    /// the month, weekdays) or that never meets a missing day stays as RFC 5545 reads it.
    public func movingMissingDaysToMonthEnd() -> Recurrence {
        var rule = self
        rule.monthEnd = .clamp
        return (try? rule.validated()) ?? self
    }

    /// The day a clamp moves when this anchor's month day can be missing (29…31 in some month
    /// the rule visits), or nil.
    private func clampedDayBeyondShortestMonth(anchor: CivilDate) -> Int? {
        guard monthEnd == .clamp, byDay.isEmpty, bySetPosition.isEmpty, byMonthDay.count <= 1 else { return nil }
        let day = byMonthDay.first ?? anchor.day
        let scope = frequency == .yearly ? [byMonth.first ?? anchor.month] : byMonth.isEmpty ? Array(1...12) : byMonth
        let shortest = scope.map { CivilDate.daysIn(month: $0, year: 2001) }.min() ?? 28
        return day > shortest && day <= 31 ? day : nil
    }

    /// A lunar rule in RFC 7529. A file names the month and day even when the rule takes them
    /// from its anchor, for readers that would not.
    private func lunarRRULE(_ lunar: LunarRule, anchor: CivilDate?) -> String {
        var lunar = lunar
        if let anchor, let anchorLunar = lunar.calendar.lunarDate(of: anchor) {
            (lunar.month, lunar.isLeap, lunar.day) = lunar.monthDay(anchor: anchorLunar)
        }
        let parts = commonParts(
            monthTexts: lunar.monthText.map { [$0] } ?? [], monthDays: lunar.day.map { [$0] } ?? [], positions: [])
        let skip = lunar.skip == .omit ? [] : ["SKIP=" + lunar.skip.rawValue]
        return (["RSCALE=" + lunar.calendar.rawValue] + parts + skip).joined(separator: ";")
    }

    /// FREQ through UNTIL, in kit's order, with these BYMONTH, BYMONTHDAY and BYSETPOS lists.
    private func commonParts(months: [Int], monthDays: [Int], positions: [Int]) -> [String] {
        commonParts(monthTexts: months.map(String.init), monthDays: monthDays, positions: positions)
    }

    private func commonParts(monthTexts months: [String], monthDays: [Int], positions: [Int]) -> [String] {
        var parts = ["FREQ=" + frequency.rawValue]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if weekStart != .monday { parts.append("WKST=" + weekStart.icalCode) }
        let list = { (values: [Int]) in values.map(String.init).joined(separator: ",") }
        if !months.isEmpty { parts.append("BYMONTH=" + months.joined(separator: ",")) }
        if !byWeekNo.isEmpty { parts.append("BYWEEKNO=" + list(byWeekNo)) }
        if !byYearDay.isEmpty { parts.append("BYYEARDAY=" + list(byYearDay)) }
        if !monthDays.isEmpty { parts.append("BYMONTHDAY=" + list(monthDays)) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.icalText).joined(separator: ",")) }
        if !byHour.isEmpty { parts.append("BYHOUR=" + list(byHour)) }
        if !byMinute.isEmpty { parts.append("BYMINUTE=" + list(byMinute)) }
        if !bySecond.isEmpty { parts.append("BYSECOND=" + list(bySecond)) }
        if !positions.isEmpty { parts.append("BYSETPOS=" + list(positions)) }
        switch end {
        case .never: break
        case .count(let count): parts.append("COUNT=\(count)")
        case .until(.date(let date)): parts.append("UNTIL=" + ICalendarText.basic(date))
        case .until(.local(let local)): parts.append("UNTIL=" + ICalendarText.basic(local))
        case .until(.utc(let utc)): parts.append("UNTIL=" + ICalendarText.basic(utc) + "Z")
        }
        return parts
    }

    /// A clamp read from a file names the day its DTSTART already has (`BYMONTHDAY=28,29,30,31;
    /// BYSETPOS=-1` from the 31st, as kit exports "monthly"): the rule without that day, so
    /// it reads as the rule that was exported, taking its day from the due.
    public func takingDayFromAnchor(_ anchor: CivilDate) -> Recurrence {
        guard monthEnd == .clamp, byDay.isEmpty, byMonthDay == [anchor.day] else { return self }
        var rule = self
        switch frequency {
        case .monthly:
            rule.byMonthDay = []
        case .yearly where byMonth == [anchor.month]:
            rule.byMonthDay = []
            rule.byMonth = []
        default:
            return self
        }
        return rule
    }

    /// `BYMONTHDAY=28,…,N;BYSETPOS=-1` picks the Nth or the month's last day: kit's clamp.
    private mutating func recogniseClampPattern() {
        guard bySetPosition == [-1], byDay.isEmpty, byHour.count <= 1, byMinute.count <= 1, bySecond.count <= 1,
            let last = byMonthDay.max(), (29...31).contains(last),
            byMonthDay.sorted() == Array(28...last),
            frequency == .monthly || (frequency == .yearly && byMonth.count == 1)
        else { return }
        byMonthDay = [last]
        bySetPosition = []
        monthEnd = .clamp
    }

    private static func parseWeekdayRule(_ text: Substring) -> WeekdayRule? {
        guard text.count >= 2, let weekday = Weekday(icalCode: text.suffix(2)) else { return nil }
        let number = text.dropLast(2)
        if number.isEmpty { return WeekdayRule(weekday) }
        guard let ordinal = Int(number.hasPrefix("+") ? number.dropFirst() : number) else { return nil }
        return WeekdayRule(weekday, ordinal: ordinal)
    }

    private static func parseUntil(_ text: String) -> Until? {
        if text.utf8.count == 8 { return ICalendarText.date(text).map(Until.date) }
        if text.hasSuffix("Z") { return ICalendarText.dateTime(String(text.dropLast())).map(Until.utc) }
        return ICalendarText.dateTime(text).map(Until.local)
    }
}
