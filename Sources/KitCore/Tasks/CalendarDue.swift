/// When a calendar task is due, in the forms iCalendar has.
public enum CalendarDue: Hashable, Sendable {
    /// All day (`VALUE=DATE`).
    case date(CivilDate)
    /// A local date-time in the zone named by `tzid` (as given, e.g. `Europe/Berlin`), or
    /// "floating" (the reader's own zone) when `tzid` is nil.
    case local(CivilDateTime, tzid: String?)
    /// A UTC date-time (`…Z`): one instant.
    case utc(WallTime)

    /// The civil date a recurrence is anchored on: the UTC date for a UTC due.
    public var anchorDate: CivilDate {
        switch self {
        case .date(let date): date
        case .local(let civil, _): civil.date
        case .utc(let instant): CivilDateTime(instant, in: FixedOffset.utc).date
        }
    }
}
