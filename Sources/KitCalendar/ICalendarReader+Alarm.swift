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
}
