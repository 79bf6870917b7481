/// A place in `timer.list`'s order, just after one timer: running timers by boot-clock due
/// instant (ties by id), then paused ones by id, then ended ones by when they ended, last first
/// (ties by id, highest first). A page of the list starts after one (`TimerStore.timerPage`).
///
/// It names a place in the order, not a timer: it stays meaningful when its timer changes or
/// ends, and a page after it costs the same wherever it is.
public enum TimerListPosition: Sendable, Equatable {
    /// Before the first timer.
    case start
    /// After the running timer due at `due` (boot clock, ns) with this id.
    case running(due: Int64, id: Int64)
    /// After the paused timer with this id.
    case paused(id: Int64)
    /// After the ended timer that ended at `endedAt` (wall clock, ns) with this id, the
    /// `listed`th ended timer of the list (the list gives at most so many of them).
    case ended(endedAt: Int64, id: Int64, listed: Int)
}
