/// What `CatchUpPolicy` decided.
public struct CatchUpPlan<ID: Hashable & Sendable>: Hashable, Sendable {
    /// Fire each of these on its own, marked late.
    public var individual: [MissedOccurrence<ID>]
    /// Gather these into one notification; empty when there is nothing to gather.
    public var digest: [MissedOccurrence<ID>]
    /// Not due yet; schedule as usual.
    public var notDue: [MissedOccurrence<ID>]

    public init(individual: [MissedOccurrence<ID>], digest: [MissedOccurrence<ID>], notDue: [MissedOccurrence<ID>]) {
        self.individual = individual
        self.digest = digest
        self.notDue = notDue
    }

    /// `5 reminders missed while off`, or nil when the digest is empty.
    public var digestTitle: String? {
        switch digest.count {
        case 0: nil
        case 1: "1 reminder missed while off"
        default: "\(digest.count) reminders missed while off"
        }
    }
}
