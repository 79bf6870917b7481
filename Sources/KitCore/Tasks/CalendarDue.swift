/// When a calendar task is due, in the forms iCalendar has.
public enum CalendarDue: Hashable, Sendable {
    /// All day (`VALUE=DATE`).
    case date(CivilDate)
    /// A local date-time in the zone named by `tzid` (as given, e.g. `Europe/Berlin`), or
    /// "floating" (the reader's own zone) when `tzid` is nil.
    case local(CivilDateTime, tzid: String?)
    /// A UTC date-time (`…Z`): one instant.
    case utc(WallTime)

    /// The same kind of time `seconds` later on the civil clock (a date moves by whole days;
    /// nil when `seconds` is not a whole number of days).
    public func shifted(bySeconds seconds: Int64) -> CalendarDue? {
        switch self {
        case .date(let date):
            guard seconds % 86_400 == 0 else { return nil }
            return .date(date.adding(days: Int(seconds / 86_400)))
        case .local(let civil, let tzid): return .local(civil.adding(seconds: seconds), tzid: tzid)
        case .utc(let instant): return .utc(instant + seconds * Nanoseconds.second)
        }
    }

    /// The seconds from this to `other` on the civil clock, when both are of one kind (dates,
    /// local times in one zone, or UTC times); nil when they are not.
    public func civilSeconds(to other: CalendarDue) -> Int64? {
        switch (self, other) {
        case (.date(let a), .date(let b)): Int64(a.days(until: b)) * 86_400
        case (.local(let a, let zoneA), .local(let b, let zoneB)) where zoneA == zoneB: b.localSeconds - a.localSeconds
        case (.utc(let a), .utc(let b)): (b.nanoseconds - a.nanoseconds) / Nanoseconds.nanosecondsPerSecond
        default: nil
        }
    }

    /// The civil date a recurrence is anchored on: the UTC date for a UTC due.
    public var anchorDate: CivilDate {
        switch self {
        case .date(let date): date
        case .local(let civil, _): civil.date
        case .utc(let instant): CivilDateTime(instant, in: FixedOffset.utc).date
        }
    }
}
