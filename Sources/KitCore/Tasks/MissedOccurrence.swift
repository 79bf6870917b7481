/// One occurrence that came due while kitd was down: what it belongs to and when it was due.
public struct MissedOccurrence<ID: Hashable & Sendable>: Hashable, Sendable {
    public var id: ID
    public var due: WallTime

    public init(id: ID, due: WallTime) {
        self.id = id
        self.due = due
    }

    /// How late it is at `now`.
    public func lateness(at now: WallTime) -> Nanoseconds { max(0, now - due) }

    /// `due 2h ago`, for the popup of a late occurrence.
    public func lateText(at now: WallTime) -> String {
        "due " + DurationFormatter.compact(lateness(at: now), rounding: .down) + " ago"
    }
}
