/// Writes tasks as one iCalendar (RFC 5545) VCALENDAR of VTODOs: CRLF line ends, TEXT escaped,
/// lines folded at 75 octets without splitting a UTF-8 character.
///
/// Each VTODO has UID, DTSTAMP, SUMMARY, DESCRIPTION (when there is a note), DUE (with a TZID
/// parameter, as a UTC `Z` value, floating, or `VALUE=DATE` for all day), and for a repeating
/// task an RRULE with DTSTART equal to DUE (RFC 5545 expands a rule from DTSTART), STATUS, and
/// one VALARM (`ACTION:DISPLAY`, `TRIGGER:-PT10M`) per pre-alert.
public enum ICalendarWriter {
    public static let productID = "-//kit//kit 0.1//EN"

    /// The calendar text. `stamp` is the DTSTAMP of every task: when the file was made.
    /// `timeZones` define the TZIDs the tasks use (RFC 5545 wants one VTIMEZONE for each).
    public static func write(_ tasks: [CalendarTask], stamp: WallTime, timeZones: [ICalendarTimeZone] = []) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productID, "CALSCALE:GREGORIAN"]
        for zone in timeZones { lines += zone.lines }
        let stampText = ICalendarText.basic(CivilDateTime(stamp, in: FixedOffset.utc)) + "Z"
        for task in tasks {
            lines.append("BEGIN:VTODO")
            lines.append("UID:" + ICalendarText.escape(task.uid))
            lines.append("DTSTAMP:" + stampText)
            lines.append("SUMMARY:" + ICalendarText.escape(task.title))
            if let note = task.note { lines.append("DESCRIPTION:" + ICalendarText.escape(note)) }
            if let due = task.due {
                let value = dateValue(due)
                if let recurrence = task.recurrence {
                    lines.append("DTSTART" + value)
                    let parameter =
                        recurrence.keepsMonthEndInParameter(anchor: due.anchorDate) ? ";X-KIT-SKIP=BACKWARD" : ""
                    lines.append("RRULE" + parameter + ":" + recurrence.rrule(anchor: due.anchorDate))
                }
                lines.append("DUE" + value)
            }
            lines.append("STATUS:" + task.status.rawValue)
            for offset in task.alerts.sorted(by: >) {
                lines.append("BEGIN:VALARM")
                lines.append("ACTION:DISPLAY")
                lines.append("DESCRIPTION:" + ICalendarText.escape(task.title))
                lines.append("TRIGGER:" + ICalendarText.duration(seconds: -offset / 1_000_000_000))
                lines.append("END:VALARM")
            }
            lines.append("END:VTODO")
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.fold).joined()
    }

    /// The parameters and value of a DUE or DTSTART, from the `;` or `:` on.
    static func dateValue(_ due: CalendarDue) -> String {
        switch due {
        case .date(let date): ";VALUE=DATE:" + ICalendarText.basic(date)
        case .local(let civil, let tzid?): ";TZID=" + parameter(tzid) + ":" + ICalendarText.basic(civil)
        case .local(let civil, nil): ":" + ICalendarText.basic(civil)
        case .utc(let instant): ":" + ICalendarText.basic(CivilDateTime(instant, in: FixedOffset.utc)) + "Z"
        }
    }

    /// A parameter value, quoted when it holds `:`, `;` or `,`. Double quotes cannot be escaped
    /// in iCalendar, so they are dropped.
    static func parameter(_ value: String) -> String {
        let clean = value.filter { $0 != "\"" && !$0.isNewline }
        return clean.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + clean + "\"" : clean
    }
}
