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
