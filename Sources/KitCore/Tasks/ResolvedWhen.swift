/// A WHEN placed in time: the civil date-time in the task's zone and the instant it is due.
public struct ResolvedWhen: Equatable, Sendable {
    /// The date-time as meant, in the task's zone. For a time DST skips this stays the time asked
    /// for (02:30) while `instant` is read with the offset before the gap (03:30 by the clock), so
    /// a rule anchored here keeps 02:30.
    public var civil: CivilDateTime
    public var resolution: ZoneResolution
    /// True when no time was given and the default time was used.
    public var allDay: Bool

    public var instant: WallTime { resolution.instant }

    public init(civil: CivilDateTime, resolution: ZoneResolution, allDay: Bool) {
        self.civil = civil
        self.resolution = resolution
        self.allDay = allDay
    }
}
