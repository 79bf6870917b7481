import KitCore

/// Writes tasks as one iCalendar (RFC 5545) VCALENDAR of VTODOs, through libical: CRLF line ends,
/// TEXT escaped, lines folded at 75 octets.
///
/// Each VTODO has UID, DTSTAMP, SUMMARY, DESCRIPTION (when there is a note), LOCATION (when there
/// is a place), DUE (with a TZID parameter, as a UTC `Z` value, floating, or `VALUE=DATE` for all
/// day), and for a repeating task an RRULE with DTSTART equal to DUE (RFC 5545 expands a rule from
/// DTSTART), STATUS, and one VALARM (`ACTION:DISPLAY`, `TRIGGER:-PT10M`) per pre-alert.
///
/// A task with an `end` came from an event, and is written as one: a VEVENT with DTSTART and
/// DTEND in place of DUE, and no STATUS (a VEVENT has no COMPLETED; a cancelled one is not kept).
public enum ICalendarWriter {
    public static let productID = "-//kit//kit 0.1//EN"

    /// The calendar text. `stamp` is the DTSTAMP of every task: when the file was made.
    /// `timeZones` define the TZIDs the tasks use (RFC 5545 wants one VTIMEZONE for each).
    public static func write(_ tasks: [CalendarTask], stamp: WallTime, timeZones: [ICalendarTimeZone] = []) -> String {
        var calendar = ICalendarNode(
            name: "VCALENDAR",
            properties: [.init("VERSION", "2.0"), .init("PRODID", productID), .init("CALSCALE", "GREGORIAN")])
        calendar.components = timeZones.map(\.component)
        let stampText = ICalendarText.utc(stamp)
        for task in tasks {
            let kind = task.end == nil ? "VTODO" : "VEVENT"
            var todo = ICalendarNode(
                name: kind,
                properties: [.init("UID", task.uid), .init("DTSTAMP", stampText), .init("SUMMARY", task.title)])
            if let modified = task.modified {
                todo.properties.append(
                    .init("LAST-MODIFIED", ICalendarText.utc(modified)))
            }
            if task.sequence > 0 { todo.properties.append(.init("SEQUENCE", String(task.sequence))) }
            if let note = task.note { todo.properties.append(.init("DESCRIPTION", note)) }
            if let location = task.location { todo.properties.append(.init("LOCATION", location)) }
            if let due = task.due {
                if task.recurrence != nil || task.end != nil { todo.properties.append(dateProperty("DTSTART", due)) }
                if let recurrence = task.recurrence {
                    // A series of listed dates has no rule: DTSTART and its RDATEs say it all.
                    if !recurrence.givesFirstDueOnly {
                        let parameters =
                            recurrence.keepsMonthEndInParameter(anchor: due.anchorDate)
                            ? ["X-KIT-SKIP": "BACKWARD"] : [:]
                        todo.properties.append(
                            .init("RRULE", recurrence.rrule(anchor: due.anchorDate), parameters: parameters))
                    }
                    for rule in task.moreRules {
                        let parameters =
                            rule.keepsMonthEndInParameter(anchor: due.anchorDate) ? ["X-KIT-SKIP": "BACKWARD"] : [:]
                        todo.properties.append(
                            .init("RRULE", rule.rrule(anchor: due.anchorDate), parameters: parameters))
                    }
                    todo.properties += task.addedDates.map { dateProperty("RDATE", $0) }
                    todo.properties += task.removedDates.map { dateProperty("EXDATE", $0) }
                }
                todo.properties.append(task.end.map { dateProperty("DTEND", $0) } ?? dateProperty("DUE", due))
            }
            if task.end == nil { todo.properties.append(.init("STATUS", task.status.rawValue)) }
            todo.lines = task.extra
            for offset in task.alerts.sorted(by: >) {
                todo.components.append(
                    ICalendarNode(
                        name: "VALARM",
                        properties: [
                            .init("ACTION", "DISPLAY"), .init("DESCRIPTION", task.title),
                            .init("TRIGGER", Libical.durationText(seconds: -offset / Nanoseconds.second)),
                        ]))
            }
            calendar.components.append(todo)
            for override in task.overrides {
                guard let recurrenceID = override.recurrenceID else { continue }
                var changed = ICalendarNode(
                    name: kind,
                    properties: [
                        .init("UID", task.uid), .init("DTSTAMP", stampText),
                        dateProperty("RECURRENCE-ID", recurrenceID, range: override.thisAndFuture),
                        .init("SUMMARY", override.title),
                    ])
                if let note = override.note { changed.properties.append(.init("DESCRIPTION", note)) }
                if let location = override.location { changed.properties.append(.init("LOCATION", location)) }
                if let due = override.due {
                    changed.properties += [
                        dateProperty("DTSTART", due),
                        override.end.map { dateProperty("DTEND", $0) } ?? dateProperty("DUE", due),
                    ]
                }
                if override.end == nil { changed.properties.append(.init("STATUS", override.status.rawValue)) }
                calendar.components.append(changed)
            }
        }
        return Libical.write(calendar)
    }

    /// A DUE or DTSTART property; a RECURRENCE-ID for this and future occurrences with `range`.
    static func dateProperty(_ name: String, _ due: CalendarDue, range: Bool = false) -> ICalendarProperty {
        var property: ICalendarProperty
        switch due {
        case .date(let date):
            property = .init(name, ICalendarText.basic(date), parameters: ["VALUE": "DATE"])
        case .local(let civil, let tzid?):
            property = .init(name, ICalendarText.basic(civil), parameters: ["TZID": parameterText(tzid)])
        case .local(let civil, nil):
            property = .init(name, ICalendarText.basic(civil))
        case .utc(let instant):
            property = .init(name, ICalendarText.utc(instant))
        }
        if range { property.parameters["RANGE"] = "THISANDFUTURE" }
        return property
    }

    /// A parameter value: double quotes cannot be escaped in iCalendar, so they are dropped, and
    /// so are line breaks. libical quotes the value when it holds `:`, `;` or `,`.
    static func parameterText(_ value: String) -> String {
        value.filter { $0 != "\"" && !$0.isNewline }
    }
}
