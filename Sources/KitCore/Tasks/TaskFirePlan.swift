/// What to do when task popups come due: the pure core of firing, so that clock jumps, zone
/// changes, restarts and resumes are tested by passing other `now`s and zones.
///
/// A popup is *missed* when its moment passed before kitd started, or more than a minute
/// before it fired (the machine slept, or the clock jumped forward). Missed due popups go
/// through `CatchUpPolicy`: a few fire one by one ("due 2h ago"), many or stale ones are
/// gathered into one digest. A missed pre-alert still fires while its due time is ahead;
/// once the due time has passed too, the due popup says it all.
public struct TaskFirePlan: Sendable {
    public enum Popup: Equatable, Sendable {
        case due(TaskItem, scheduledAt: WallTime, late: Nanoseconds?)
        case nag(TaskItem, scheduledAt: WallTime)
        case alert(TaskItem, index: Int, scheduledAt: WallTime, late: Bool)
        /// Missed due popups gathered into one, with the digest's title (English: the `task.missed`
        /// event carries it) and whether every one came due while kitd was off, from which the
        /// popup words its title in the user's language.
        case digest([MissedOccurrence<Int64>], [Int64: TaskItem], title: String, whileOff: Bool)
    }

    /// The tasks with these popups recorded as fired: to be saved before anything is shown.
    public var updated: [Int64: TaskItem] = [:]
    public var popups: [Popup] = []
    public var missedCount = 0

    /// A popup later than this was missed rather than merely delayed.
    public static let missedAfter: Nanoseconds = 60 * Nanoseconds.second

    /// Plans the popups for `due` (task ids and what of them came due) at `now`. `startedAt` is
    /// when kitd started; `zone` gives each task's zone.
    public static func plan(
        _ due: [(id: Int64, fire: TaskFire)], tasks: [Int64: TaskItem], now: WallTime, startedAt: WallTime,
        policy: CatchUpPolicy, zone: (TaskItem) -> any UTCOffsets
    ) -> TaskFirePlan {
        var plan = TaskFirePlan()
        var missed: [MissedOccurrence<Int64>] = []
        let dueIDs = Set(due.filter { $0.fire == .due }.map(\.id))
        for (id, fire) in due {
            guard let task = plan.updated[id] ?? tasks[id], task.isOpen, let at = task.instant(of: fire, in: zone(task))
            else {
                continue
            }
            let lateness = Swift.max(0, now - at)
            let isMissed = at < startedAt || lateness > missedAfter
            let fired = task.firing(fire, at: now)
            plan.updated[id] = fired
            switch fire {
            case .due where isMissed:
                missed.append(MissedOccurrence(id: id, due: at))
            case .due:
                plan.popups.append(.due(fired, scheduledAt: at, late: nil))
            case .nag:
                plan.popups.append(.nag(fired, scheduledAt: at))
            case .alert(let index):
                if !isMissed || (task.due(in: zone(task)) > now && !dueIDs.contains(id)) {
                    plan.popups.append(.alert(fired, index: index, scheduledAt: at, late: isMissed))
                }
            }
        }
        plan.missedCount = missed.count
        let catchUp = policy.plan(missed, now: now)
        for occurrence in catchUp.individual {
            guard let task = plan.updated[occurrence.id] else { continue }
            plan.popups.append(.due(task, scheduledAt: occurrence.due, late: occurrence.lateness(at: now)))
        }
        if !catchUp.digest.isEmpty {
            // "While off" only when kitd was: after a sleep or a clock jump it was running.
            let count = catchUp.digest.count
            let whileOff = catchUp.digest.allSatisfy { $0.due < startedAt }
            let title =
                whileOff
                ? catchUp.digestTitle ?? "\(count) reminders missed while off"
                : count == 1 ? "1 reminder missed" : "\(count) reminders missed"
            // A set: after a long time off, thousands may be missed at once.
            let digestIDs = Set(catchUp.digest.map(\.id))
            plan.popups.append(
                .digest(
                    catchUp.digest, plan.updated.filter { digestIDs.contains($0.key) }, title: title,
                    whileOff: whileOff))
        }
        return plan
    }
}
