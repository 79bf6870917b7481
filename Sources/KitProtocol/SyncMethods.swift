import KitCore

/// Sync through a vdir: the events it sends.
extension Event {
    /// An item changed both in kit and in its vdir file since they last agreed: the later
    /// version won, and the other was kept (`sync status` lists it).
    public static let syncConflict = "sync.conflict"
    /// A run of the sync command (`[sync] command`) ended.
    public static let syncFinished = "sync.finished"
}

/// `sync.conflict`.
public struct SyncConflictEvent: Codable, Sendable, Equatable {
    /// The kept conflict's id.
    public var id: Int64
    /// `tasks`, `diary` or `memos`.
    public var collection: String
    public var uid: String
    public var title: String
    /// Which version won: `kit` (kit's, written back to the file as a new revision) or `file`.
    public var winner: ItemMerge.Side
    /// When the conflict was settled (RFC 3339).
    public var at: String
    /// The properties both sides changed to different values (`SUMMARY`, `DTSTART, DUE, RRULE`);
    /// absent when the conflict was over the whole item (a deletion on one side, a change on the
    /// other).
    public var property: String?
    /// The losing side's value: its iCalendar lines of those properties (empty when it had none,
    /// or deleted the item).
    public var lost: String?

    public init(
        id: Int64, collection: String, uid: String, title: String, winner: ItemMerge.Side, at: String,
        property: String? = nil, lost: String? = nil
    ) {
        self.id = id
        self.property = property
        self.lost = lost
        self.collection = collection
        self.uid = uid
        self.title = title
        self.winner = winner
        self.at = at
    }
}

/// One run of the sync command: `sync.run`'s result, the `sync.finished` event, and the last run
/// in `sync.status`.
public struct SyncRunStatus: WireValue, Equatable {
    /// When it started (RFC 3339).
    public var startedAt: String
    public var durationMs: Int64
    public var outcome: Outcome
    /// The exit status, when the command exited on its own.
    public var exitStatus: Int32?
    /// The last lines it wrote to standard output and error (at most 8 KiB).
    public var output: String
    public var reason: Reason

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

    public init(
        startedAt: String, durationMs: Int64, outcome: Outcome, exitStatus: Int32?, output: String, reason: Reason
    ) {
        self.startedAt = startedAt
        self.durationMs = durationMs
        self.outcome = outcome
        self.exitStatus = exitStatus
        self.output = output
        self.reason = reason
    }

    public var succeeded: Bool { outcome == .succeeded }
}

/// `sync.status`: the vdir collections kitd keeps, the files in them it could not take, and
/// the conflicts it settled.
public struct SyncStatusResult: WireValue, Equatable {
    public var collections: [SyncCollectionStatus]
    /// The kept conflicts, newest first (at most 100).
    public var conflicts: [SyncConflictEvent]
    /// The sync command (`[sync] command`), or nil when kitd runs none.
    public var command: String?
    /// Whether it is running now.
    public var running: Bool
    /// Its last run, kept across restarts; nil before the first.
    public var lastRun: SyncRunStatus?
    /// When the last run that succeeded started (RFC 3339): kit's changes since are not on the
    /// server yet.
    public var lastSucceededAt: String?
    /// When it runs next on its own (RFC 3339): after a change, or on the interval.
    public var nextRunAt: String?

    public init(
        collections: [SyncCollectionStatus], conflicts: [SyncConflictEvent], command: String? = nil,
        running: Bool = false, lastRun: SyncRunStatus? = nil, lastSucceededAt: String? = nil,
        nextRunAt: String? = nil
    ) {
        self.collections = collections
        self.conflicts = conflicts
        self.command = command
        self.running = running
        self.lastRun = lastRun
        self.lastSucceededAt = lastSucceededAt
        self.nextRunAt = nextRunAt
    }
}

/// One vdir collection kitd keeps.
public struct SyncCollectionStatus: Codable, Sendable, Equatable {
    /// `tasks`, `diary` or `memos`.
    public var name: String
    public var path: String
    /// Whether kitd reads changes made there from outside (it writes every collection).
    public var watched: Bool
    /// Files kitd could not take, left as they are, by name: the first 100.
    public var unreadable: [SyncUnreadableFile]
    /// How many files kitd could not take, all told.
    public var unreadableCount: Int

    public init(name: String, path: String, watched: Bool, unreadable: [SyncUnreadableFile], unreadableCount: Int) {
        self.name = name
        self.path = path
        self.watched = watched
        self.unreadable = unreadable
        self.unreadableCount = unreadableCount
    }
}

/// A file in a vdir that is not one item kit can keep.
public struct SyncUnreadableFile: Codable, Sendable, Equatable {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }
}
