import KitCore

/// How the reader fits a rule to the task it repeats: an all-day series' UNTIL, and a VTODO's
/// rule read from its DUE instead of its DTSTART.
extension ICalendarReader {
    /// The rule read from the due that gives the due of each of `rule`'s starts from `start`, when
    /// one does: the same rule with its UNTIL `shift` later, or, weekly by weekday, with its days
    /// moved (started on Monday, due on Friday, weekly on Mondays: due weekly on Fridays).
    static func fromDue(_ rule: Recurrence, start: CivilDateTime, by shift: Int64) -> Recurrence? {
        var moved = movingUntil(rule, by: shift)
        let due = start.adding(seconds: shift)
        let fromStart = (try? RecurrenceSeries(rule: rule, anchor: start)).map { Array($0.prefix(400)) }
        let alike = { (candidate: Recurrence) -> Bool in
            let fromDue = (try? RecurrenceSeries(rule: candidate, anchor: due)).map { Array($0.prefix(400)) }
            return fromStart.map { $0.map { $0.adding(seconds: shift) } } == fromDue
        }
        let days = start.date.days(until: due.date)
        if !alike(moved), moved.frequency == .weekly, !moved.byDay.isEmpty, days % 7 != 0 {
            var weekdays = moved
            weekdays.byDay = moved.byDay.map {
                Recurrence.WeekdayRule(Weekday(rawValue: ($0.weekday.rawValue - 1 + days % 7 + 7) % 7 + 1)!)
            }
            if let valid = try? weekdays.validated(), alike(valid) { moved = valid }
        }
        return alike(moved) ? moved : nil
    }

    /// An all-day series' rule with its UNTIL as a date: RFC 5545 wants a date there, and a
    /// date-time (a council's bin calendar writes midnight in UTC) names the day it is written on.
    static func untilAsDate(_ rule: Recurrence) -> Recurrence {
        guard case .until(let until) = rule.end else { return rule }
        var dated = rule
        switch until {
        case .date: return rule
        case .local(let local): dated.end = .until(.date(local.date))
        case .utc(let utc): dated.end = .until(.date(utc.date))
        }
        return dated
    }

    /// The rule with its UNTIL `shift` seconds later on the civil clock.
    static func movingUntil(_ rule: Recurrence, by shift: Int64) -> Recurrence {
        guard shift != 0, case .until(let until) = rule.end else { return rule }
        var moved = rule
        switch until {
        case .date(let date):
            moved.end = .until(
                .local(CivilDateTime(date: date, hour: 23, minute: 59, second: 59).adding(seconds: shift)))
        case .local(let local): moved.end = .until(.local(local.adding(seconds: shift)))
        case .utc(let utc): moved.end = .until(.utc(utc.adding(seconds: shift)))
        }
        return moved
    }
    /// An RRULE property's rule; `X-KIT-SKIP=BACKWARD` (how kit exports "monthly" from a day every
    /// month has) moves missing days to the month's end.
    /// An RRULE with both COUNT and UNTIL, as a lenient reading takes it.
    enum BothEnds {
        /// COUNT below 1 (Confluence writes COUNT=-1 for "no count"): it bounds nothing, and
        /// the rule ends at its UNTIL.
        case untilOnly(Recurrence, count: Int)
        /// Both limits apply: the rule with each of them alone.
        case both(byUntil: Recurrence, byCount: Recurrence)
    }

    /// The RRULE `value` read as `BothEnds`, when it has both COUNT and UNTIL and reads so.
    static func bothEnds(_ value: String) -> BothEnds? {
        let parts = value.split(separator: ";").map(String.init)
        let isPart = { (part: String, name: String) in part.uppercased().hasPrefix(name + "=") }
        guard let countPart = parts.first(where: { isPart($0, "COUNT") }),
            parts.contains(where: { isPart($0, "UNTIL") }),
            let byUntil = try? Recurrence.parseRRULE(parts.filter { !isPart($0, "COUNT") }.joined(separator: ";"))
        else { return nil }
        if let count = Int(countPart.dropFirst("COUNT=".count)), count < 1 { return .untilOnly(byUntil, count: count) }
        guard let byCount = try? Recurrence.parseRRULE(parts.filter { !isPart($0, "UNTIL") }.joined(separator: ";"))
        else { return nil }
        return .both(byUntil: byUntil, byCount: byCount)
    }

    static func rule(of property: ICalendarProperty) throws(KitError) -> Recurrence {
        let rule = try Recurrence.parseRRULE(property.value)
        return property.parameters["X-KIT-SKIP"]?.uppercased() == "BACKWARD" ? rule.movingMissingDaysToMonthEnd() : rule
    }
}
