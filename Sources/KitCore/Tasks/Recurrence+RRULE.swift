/// Reading and writing the RFC 5545 `RRULE` subset kit supports: `FREQ` (DAILY, WEEKLY, MONTHLY,
/// YEARLY), `INTERVAL`, `BYDAY` (with ordinals in monthly and yearly rules), `BYMONTHDAY`,
/// `BYMONTH`, `BYSETPOS`, `WKST`, and one of `COUNT` or `UNTIL`.
extension Recurrence {
    static let supportedParts = [
        "FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST", "COUNT", "UNTIL",
    ]
    static let rruleExample = "FREQ=WEEKLY;BYDAY=MO,WE or FREQ=MONTHLY;BYDAY=-1FR;COUNT=6"

    /// Reads an `RRULE` value, with or without the `RRULE:` prefix. The rule follows RFC 5545:
    /// days a month lacks are skipped, except that `BYMONTHDAY=28,29,30,31;BYSETPOS=-1` (and the
    /// like ending at 29 or 30) reads as "day 31, clamped to the month's end".
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
                "the RRULE \(quoted) has parts kit does not support: \(unknown.joined(separator: ", ")); kit reads "
                    + supportedParts.joined(separator: ", "))
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
        guard let frequency = Frequency(rawValue: freqText) else {
            throw .invalidArgument(
                "the RRULE \(quoted) has FREQ=\(freqText); kit repeats DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        var rule = Recurrence(frequency)
        if parts["INTERVAL"] != nil {
            let values = try integers("INTERVAL")
            guard values.count == 1 else {
                throw .invalidArgument("the RRULE \(quoted) needs one INTERVAL, e.g. INTERVAL=2")
            }
            rule.interval = values[0]
        }
        rule.byMonth = try integers("BYMONTH")
        rule.byMonthDay = try integers("BYMONTHDAY")
        rule.bySetPosition = try integers("BYSETPOS")
        if let value = parts["BYDAY"] {
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = parseWeekdayRule(item) else {
                    throw .invalidArgument(
                        "the RRULE \(quoted) has BYDAY=\(value); write weekdays as MO…SU, numbered in monthly "
                            + "rules as e.g. 2TU or -1FR")
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
                    "the RRULE \(quoted) has UNTIL=\(value), which is not a date in 1900…2200; write "
                        + "UNTIL=20270131 or UNTIL=20270131T235959Z")
            }
            rule.end = .until(until)
        case (nil, nil):
            break
        }
        rule.recogniseClampPattern()
        return try rule.validated()
    }

    /// The `RRULE` value (without `RRULE:`) for this rule with this anchor. The anchor matters
    /// only for a clamped rule that takes its day of the month from the anchor: from the 31st,
    /// "monthly" is written `FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1`.
    public func rrule(anchor: CivilDate) -> String {
        var parts = ["FREQ=" + frequency.rawValue]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if weekStart != .monday { parts.append("WKST=" + weekStart.icalCode) }
        var months = byMonth
        var monthDays = byMonthDay
        var positions = bySetPosition
        if monthEnd == .clamp, byDay.isEmpty, positions.isEmpty, monthDays.count <= 1 {
            let day = monthDays.first ?? anchor.day
            let scope = frequency == .yearly ? [months.first ?? anchor.month] : months.isEmpty ? Array(1...12) : months
            let shortest = scope.map { CivilDate.daysIn(month: $0, year: 2001) }.min() ?? 28
            if day > shortest && day <= 31 {
                if frequency == .yearly { months = scope }
                monthDays = Array(28...day)
                positions = [-1]
            }
        }
        let list = { (values: [Int]) in values.map(String.init).joined(separator: ",") }
        if !months.isEmpty { parts.append("BYMONTH=" + list(months)) }
        if !monthDays.isEmpty { parts.append("BYMONTHDAY=" + list(monthDays)) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.icalText).joined(separator: ",")) }
        if !positions.isEmpty { parts.append("BYSETPOS=" + list(positions)) }
        switch end {
        case .never: break
        case .count(let count): parts.append("COUNT=\(count)")
        case .until(.date(let date)): parts.append("UNTIL=" + ICalendarText.basic(date))
        case .until(.local(let local)): parts.append("UNTIL=" + ICalendarText.basic(local))
        case .until(.utc(let utc)): parts.append("UNTIL=" + ICalendarText.basic(utc) + "Z")
        }
        return parts.joined(separator: ";")
    }

    /// `BYMONTHDAY=28,…,N;BYSETPOS=-1` picks the Nth or the month's last day: kit's clamp.
    private mutating func recogniseClampPattern() {
        guard bySetPosition == [-1], byDay.isEmpty, let last = byMonthDay.max(), (29...31).contains(last),
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
