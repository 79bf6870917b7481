/// What to do with the occurrences that came due while kitd was not running.
///
/// The rule:
/// 1. An occurrence due within `stalenessWindow` before `now` is **recent**; an older one is
///    **stale**. (An occurrence due exactly `stalenessWindow` ago is still recent.)
/// 2. When at most `threshold` occurrences are recent, each recent one fires on its own, marked
///    late ("due 2h ago").
/// 3. Everything else goes into **one digest** ("5 reminders missed while off"): every stale
///    occurrence, and all the recent ones too when there are more than `threshold` of them, so a
///    long absence never becomes a storm of popups.
/// 4. Entries not yet due (after `now`) are not missed; they are returned in `notDue` untouched.
///
/// Every input appears in exactly one list, each list ordered by due instant (ties keep the input
/// order), so each occurrence is reported once.
public struct CatchUpPolicy: Equatable, Sendable {
    public var stalenessWindow: Nanoseconds
    public var threshold: Int

    public static let defaultStalenessWindow: Nanoseconds = 12 * 3600 * Nanoseconds.second
    public static let defaultThreshold = 3

    public init(stalenessWindow: Nanoseconds = defaultStalenessWindow, threshold: Int = defaultThreshold) {
        self.stalenessWindow = stalenessWindow
        self.threshold = threshold
    }

    public func plan<ID: Hashable & Sendable>(_ missed: [MissedOccurrence<ID>], now: WallTime) -> CatchUpPlan<ID> {
        let ordered = missed.enumerated().sorted { ($0.element.due, $0.offset) < ($1.element.due, $1.offset) }.map(
            \.element)
        let notDue = ordered.filter { $0.due > now }
        let due = ordered.filter { $0.due <= now }
        let recent = due.filter { now - $0.due <= stalenessWindow }
        guard recent.count <= max(threshold, 0) else { return CatchUpPlan(individual: [], digest: due, notDue: notDue) }
        return CatchUpPlan(individual: recent, digest: due.filter { now - $0.due > stalenessWindow }, notDue: notDue)
    }
}
