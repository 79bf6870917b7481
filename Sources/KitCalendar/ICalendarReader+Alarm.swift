import KitCore

extension ICalendarReader.Reader {
    /// A VALARM as RFC 5545 defines it, read without a word: nil for an EMAIL or PROCEDURE
    /// alarm, or one whose TRIGGER cannot be read (an absolute one must be in UTC). khal's
    /// `DESCRIPTION:None` is no text.
    static func alarm(_ node: ICalendarNode) -> CalendarAlarm? {
        let actionName = node["ACTION"]?.value.trimmingWhitespace().uppercased() ?? "DISPLAY"
        guard let action = CalendarAlarm.Action(rawValue: actionName), let trigger = node["TRIGGER"] else {
            return nil
        }
        let value = trigger.value.trimmingWhitespace()
        let when: CalendarAlarm.Trigger
        if trigger.parameters["VALUE"]?.uppercased() == "DATE-TIME" {
            guard value.hasSuffix("Z") || value.hasSuffix("z"),
                let civil = ICalendarText.dateTime(String(value.dropLast()))
            else { return nil }
            when = .at(civil.utcInstant)
        } else {
            guard let seconds = Libical.durationSeconds(value),
                abs(seconds) <= DurationParser.maximum / Nanoseconds.second
            else { return nil }
            let offset = seconds * Nanoseconds.second
            when = trigger.parameters["RELATED"]?.uppercased() == "END" ? .end(offset) : .start(offset)
        }
        let repeats = node["REPEAT"].flatMap { Int($0.value.trimmingWhitespace()) } ?? 0
        let interval =
            node["DURATION"].flatMap { Libical.durationSeconds($0.value.trimmingWhitespace()) }
            .map { $0 > 0 && $0 <= 86_400 ? $0 * Nanoseconds.second : 0 } ?? 0
        let text = node["DESCRIPTION"]?.value.trimmingWhitespace()
        return CalendarAlarm(
            trigger: when, action: action, repeats: repeats, interval: interval,
            text: text.flatMap { $0.isEmpty || $0 == "None" ? nil : $0 })
    }

    /// When a VALARM goes off.
    enum Trigger {
        /// This long before the start or due time.
        case before(Nanoseconds)
        /// At this instant (`TRIGGER;VALUE=DATE-TIME:…Z`).
        case at(WallTime)
    }

    /// One property of a VALARM an import makes a pre-alert of: its TRIGGER, before the start
    /// or due time, or at a UTC instant; the others are skipped, or passed over in silence.
    mutating func alarmProperty(_ property: ICalendarReader.Located, trigger: inout Trigger?) throws(ICalendarError) {
        guard property.name == "TRIGGER" else {
            if !ICalendarReader.silentAlarmProperties.contains(property.name) { skip(property) }
            return
        }
        let parameters = property.property.parameters
        if parameters["VALUE"]?.uppercased() == "DATE-TIME" {
            let value = property.value.trimmingWhitespace()
            guard value.hasSuffix("Z"), let civil = ICalendarText.dateTime(String(value.dropLast())) else {
                return skip(
                    property,
                    reason: .message("an alarm at a fixed time must be a UTC time such as 20261201T080000Z"))
            }
            trigger = .at(civil.utcInstant)
            return
        }
        if parameters["RELATED"]?.uppercased() == "END" {
            return skip(property, reason: .message("kit imports alarms relative to the start or due time"))
        }
        guard let seconds = Libical.durationSeconds(property.value.trimmingWhitespace()) else {
            throw ICalendarError(
                line: property.line, message: "TRIGGER '\(property.value)' is not a duration such as -PT10M or -P1D"
            )
        }
        if seconds > 0 {
            return skip(property, reason: .message("kit alerts only before the due time"))
        }
        if seconds < 0 && -seconds <= DurationParser.maximum / Nanoseconds.second {
            trigger = .before(-seconds * Nanoseconds.second)
        } else if seconds < 0 {
            skip(property, reason: .message("more than 366 days before the due time"))
        }
    }
}
