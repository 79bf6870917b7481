import GRDB
import KitCore

/// What kitd knows of its vdir collections: each file's hash as kitd last wrote or read it (so
/// that a change from outside is told from kitd's own write, across a restart too), and the
/// versions that lost a conflict, kept until the person has seen them.
public struct VdirStore {
    let database: KitDatabase
}

extension VdirStore {
    /// A file of a collection as kitd last wrote or read it.
    public struct File: Sendable, Equatable {
        public var uid: String
        /// SHA-256 of its bytes, in hex.
        public var hash: String
        /// When kitd wrote these bytes; nil when kitd read them (another program wrote them).
        public var writtenAt: WallTime?

        public init(uid: String, hash: String, writtenAt: WallTime? = nil) {
            self.uid = uid
            self.hash = hash
            self.writtenAt = writtenAt
        }
    }

    /// The files of the collection at `collection` (its path), by name.
    public func files(collection: String) throws -> [String: File] {
        try database.read { db in
            var result: [String: File] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT name, uid, hash, written_ns FROM vdir_file WHERE collection = ?",
                arguments: [collection])
            while let row = try rows.next() {
                result[row[0]] = File(
                    uid: row[1], hash: row[2], writtenAt: (row[3] as Int64?).map { WallTime(nanoseconds: $0) })
            }
            return result
        }
    }

    /// Records files as written or read (a nil file: gone), in the open batch, without an fsync
    /// of its own: after a crash, a file whose record was lost reads as changed, and reading it
    /// again finds the version kit has.
    public func record(collection: String, _ changes: [(name: String, file: File?)]) throws {
        guard !changes.isEmpty else { return }
        try database.write(.normal) { db in
            let keep = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO vdir_file (collection, name, uid, hash, written_ns) VALUES (?, ?, ?, ?, ?)
                    """)
            let drop = try db.cachedStatement(sql: "DELETE FROM vdir_file WHERE collection = ? AND name = ?")
            for (name, file) in changes {
                if let file {
                    try keep.execute(arguments: [collection, name, file.uid, file.hash, file.writtenAt?.nanoseconds])
                } else {
                    try drop.execute(arguments: [collection, name])
                }
            }
        }
    }

    /// A version that lost a conflict.
    public struct Conflict: Sendable, Equatable {
        public var id: Int64
        /// The collection's path.
        public var collection: String
        public var uid: String
        public var title: String
        /// Which side won: `kit` or `file`.
        public var winner: String
        /// The losing version, as iCalendar text.
        public var kept: String
        public var at: WallTime

        public init(
            id: Int64 = 0, collection: String, uid: String, title: String, winner: String, kept: String, at: WallTime
        ) {
            self.id = id
            self.collection = collection
            self.uid = uid
            self.title = title
            self.winner = winner
            self.kept = kept
            self.at = at
        }
    }

    /// How many conflicts are kept: the oldest go when there are more.
    public static let keptConflicts: Int64 = 1000

    /// Keeps a losing version, and lets the oldest past `keptConflicts` go; returns it with its id.
    public func keep(_ conflict: Conflict) throws -> Conflict {
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sync_conflict (collection, uid, title, winner, kept, at_ns)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    conflict.collection, conflict.uid, conflict.title, conflict.winner, conflict.kept,
                    conflict.at.nanoseconds,
                ])
            var kept = conflict
            kept.id = db.lastInsertedRowID
            try db.execute(sql: "DELETE FROM sync_conflict WHERE id <= ?", arguments: [kept.id - Self.keptConflicts])
            return kept
        }
    }

    /// The kept conflicts, newest first, at most `limit`.
    public func conflicts(limit: Int = 100) throws -> [Conflict] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, collection, uid, title, winner, kept, at_ns FROM sync_conflict
                    ORDER BY id DESC LIMIT ?
                    """, arguments: [limit]
            ).map { row in
                Conflict(
                    id: row[0], collection: row[1], uid: row[2], title: row[3], winner: row[4], kept: row[5],
                    at: WallTime(nanoseconds: row[6]))
            }
        }
    }
}
