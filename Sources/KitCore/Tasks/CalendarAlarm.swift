/// A VALARM as RFC 5545 defines it (3.6.6): when it goes off, how often again, and what it does.
/// kit keeps these for the calendars it watches, whose alarms ring as their files say; an import
/// turns the ones it can into a task's pre-alerts (`CalendarTask.alerts`) instead.
public struct CalendarAlarm: Hashable, Sendable {
    /// When it goes off (`TRIGGER`).
    public enum Trigger: Hashable, Sendable {
        /// This long after the start (negative: before it). The start is DTSTART, or a VTODO's
        /// DUE when it has no DTSTART.
        case start(Nanoseconds)
        /// This long after the end (`RELATED=END`): a VEVENT's DTEND, a VTODO's DUE.
        case end(Nanoseconds)
        /// At this instant (`VALUE=DATE-TIME`, in UTC). RFC 5545 gives it one instant: for a
        /// series, it goes off once.
        case at(WallTime)
    }

    /// What it does (`ACTION`). EMAIL and PROCEDURE alarms are not kept.
    public enum Action: String, Hashable, Sendable {
        /// A popup.
        case display = "DISPLAY"
        /// A sound: kit shows the popup and plays its own sound.
        case audio = "AUDIO"
    }

    public var trigger: Trigger
    public var action: Action
    /// `REPEAT`: how many more times it goes off after the first, `interval` apart.
    public var repeats: Int
    /// `DURATION`: the time between repeats; 0 when it does not repeat.
    public var interval: Nanoseconds
    /// `DESCRIPTION`, a DISPLAY alarm's text; nil when absent, empty, or khal's `None`.
    public var text: String?

    /// The most repeats kit keeps of one alarm; more are dropped.
    public static let maximumRepeats = 100

    public init(
        trigger: Trigger, action: Action = .display, repeats: Int = 0, interval: Nanoseconds = 0, text: String? = nil
    ) {
        self.trigger = trigger
        self.action = action
        self.repeats = interval > 0 ? min(max(repeats, 0), Self.maximumRepeats) : 0
        self.interval = self.repeats > 0 ? interval : 0
        self.text = text
    }

    /// The instant it first goes off for an occurrence that starts at `start` and ends at `end`.
    public func first(start: WallTime, end: WallTime) -> WallTime {
        switch trigger {
        case .start(let offset): start + offset
        case .end(let offset): end + offset
        case .at(let instant): instant
        }
    }

    /// Every instant it goes off for that occurrence: the first, then each repeat.
    public func instants(start: WallTime, end: WallTime) -> [WallTime] {
        let first = first(start: start, end: end)
        return (0...repeats).map { first + interval * Int64($0) }
    }

    /// How long after the start the last of its instants can come, for an occurrence lasting
    /// `length` (negative when all come before the start); nil for an alarm at a fixed instant.
    public func lastOffset(length: Nanoseconds) -> Nanoseconds? {
        switch trigger {
        case .start(let offset): offset + interval * Int64(repeats)
        case .end(let offset): length + offset + interval * Int64(repeats)
        case .at: nil
        }
    }
}
