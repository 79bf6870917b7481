import KitCore

/// What the reader gathers of one component before it becomes a task (`Reader.finish`), and the
/// end of an event worked out from it.
extension ICalendarReader {
    /// Where an event ends: its DTEND; else its start moved by its DURATION; else, as RFC 5545
    /// says, the end of its day for an all-day one and its start for a timed one. A DTEND before
    /// the start is skipped (the event is taken as ending at its start).
    static func eventEnd(start: CalendarDue, draft: TaskDraft, skipped: inout [CalendarImport.Skipped])
        -> CalendarDue
    {
        if let end = draft.end {
            if let seconds = start.civilSeconds(to: end.value), seconds < 0 {
                skipped.append(.init(name: "DTEND", line: end.line, reason: .message("it comes before DTSTART")))
                return start
            }
            return end.value
        }
        if let duration = draft.duration { return start.shifted(bySeconds: duration) ?? start }
        if case .date(let date) = start { return .date(date.adding(days: 1)) }
        return start
    }

    struct TaskDraft {
        var component: String
        var line: Int
        var uid = ""
        var title = ""
        var note: String?
        var due: (value: CalendarDue, line: Int)?
        var start: (value: CalendarDue, line: Int)?
        var rule: (value: Recurrence, line: Int)?
        var status = CalendarTask.Status.needsAction
        var completed = false
        var alerts: [(offset: Nanoseconds, line: Int)] = []
        var fixedAlerts: [WallTime] = []
        var alarms: [CalendarAlarm] = []
        var added: [CalendarDue] = []
        var removed: [CalendarDue] = []
        var recurrenceID: CalendarDue?
        var thisAndFuture = false
        /// The same rule with the other end, when an RRULE gave both COUNT and UNTIL.
        var otherEnd: Recurrence?
        /// RRULEs after the first.
        var moreRules: [(value: Recurrence, line: Int)] = []
        /// Why the first RRULE cannot be followed, when a later one may be (lenient reading).
        var refusedRule: ICalendarError?
        var sequence = 0
        /// LAST-MODIFIED, else DTSTAMP.
        var modified: WallTime?
        /// A VEVENT's DTEND, or its DURATION in seconds.
        var end: (value: CalendarDue, line: Int)?
        var duration: Int64?
        var location: String?
        /// The content lines of the properties kit keeps without reading.
        var extra: [String] = []
    }
}
