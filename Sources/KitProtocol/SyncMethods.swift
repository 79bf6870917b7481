/// Sync through a vdir: the events it sends.
extension Event {
    /// An item changed both in kit and in its vdir file since they last agreed: the later
    /// version won, and the other was kept (`sync status` lists it).
    public static let syncConflict = "sync.conflict"
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
    public var winner: String
    /// When the conflict was settled (RFC 3339).
    public var at: String

    public init(id: Int64, collection: String, uid: String, title: String, winner: String, at: String) {
        self.id = id
        self.collection = collection
        self.uid = uid
        self.title = title
        self.winner = winner
        self.at = at
    }
}

/// The `sync.*` methods, by wire name.
extension Method {
    public static let syncStatus = "sync.status"
}

/// `sync.status`: the vdir collections kitd keeps, the files in them it could not take, and
/// the conflicts it settled.
public struct SyncStatusResult: Codable, Sendable, Equatable {
    public var collections: [SyncCollectionStatus]
    /// The kept conflicts, newest first (at most 100).
    public var conflicts: [SyncConflictEvent]

    public init(collections: [SyncCollectionStatus], conflicts: [SyncConflictEvent]) {
        self.collections = collections
        self.conflicts = conflicts
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
