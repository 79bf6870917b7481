/// A zone that can tell when its offset next changes, so that its changes over years are found
/// by stepping from one to the next rather than by probing each day (`ICalendarTimeZone`).
public protocol UTCOffsetTransitions: UTCOffsets {
    /// The first instant after `instant` at which the offset may change (it may also stay the
    /// same there); nil when it never changes again.
    func nextTransition(after instant: WallTime) -> WallTime?
}

extension FixedOffset: UTCOffsetTransitions {
    public func nextTransition(after instant: WallTime) -> WallTime? { nil }
}
