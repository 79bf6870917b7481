import KitCore

// The stored properties of the types extended here are declared in Wire/SyncMethods.wire.

/// Sync through a vdir: the events it sends.
extension Event {
    /// An item changed both in kit and in its vdir file since they last agreed: the later
    /// version won, and the other was kept (`sync status` lists it).
    public static let syncConflict = "sync.conflict"
    /// A run of the sync command (`[sync] command`) ended.
    public static let syncFinished = "sync.finished"
}

extension SyncRunStatus {
    /// How a run ended: `succeeded` (exit status 0), `failed`, `timed out` (stopped after
    /// `[sync] timeout`) or `not started` (the command could not be run).
    public enum Outcome: String, WireEnum {
        case succeeded, failed
        case timedOut = "timed out"
        case notStarted = "not started"
    }

    /// Why it ran: `asked` (`sync.run`), `change` (kit changed a vdir file), `interval` or `start`.
    public enum Reason: String, WireEnum {
        case asked, change, interval, start
    }

    public var succeeded: Bool { outcome == .succeeded }
}
