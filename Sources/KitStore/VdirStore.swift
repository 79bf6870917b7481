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

    /// What kit and the other side of a file last agreed on, and kit's write since: the texts
    /// a merge decides from (`ItemMerge`).
    public struct Bases: Sendable, Equatable {
        /// The file's text both sides last agreed on; nil when they never did.
        public var base: String?
        /// Kit's rendering of its item then.
        public var kitBase: String?
        /// The text kit wrote since, which the other side may not have yet; nil when none.
        public var written: String?
        /// Kit's rendering of its item when it wrote `written`.
        public var writtenKit: String?

        public init(base: String? = nil, kitBase: String? = nil, written: String? = nil, writtenKit: String? = nil) {
            self.base = base
            self.kitBase = kitBase
            self.written = written
            self.writtenKit = writtenKit
        }

        /// Kit's rendering the file's text answers to: that of kit's write, else of the base.
        public var kitReference: String? { written == nil ? kitBase : writtenKit }
    }

    /// Records files as written or read (a nil file: gone) and their bases, in the open batch,
    /// without an fsync of its own: after a crash, a file whose record was lost reads as changed,
    /// and the merge against the base before finds kit's version there. A file's bases are kept
    /// when only its hash changes.
    public func record(
        collection: String, _ changes: [(name: String, file: File?)], bases: [(name: String, bases: Bases)] = []
    ) throws {
        guard !changes.isEmpty || !bases.isEmpty else { return }
        try database.write(.normal) { db in
            let keep = try db.cachedStatement(
                sql: """
                    INSERT INTO vdir_file (collection, name, uid, hash, written_ns) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (collection, name) DO UPDATE
                    SET uid = excluded.uid, hash = excluded.hash, written_ns = excluded.written_ns
                    """)
            let drop = try db.cachedStatement(sql: "DELETE FROM vdir_file WHERE collection = ? AND name = ?")
            for (name, file) in changes {
                if let file {
                    try keep.execute(arguments: [collection, name, file.uid, file.hash, file.writtenAt?.nanoseconds])
                } else {
                    try drop.execute(arguments: [collection, name])
                }
            }
            let texts = try db.cachedStatement(
                sql: """
                    UPDATE vdir_file SET base = ?, kit_base = ?, written = ?, written_kit = ?
                    WHERE collection = ? AND name = ?
                    """)
            for (name, bases) in bases {
                // Kit's rendering is stored only where it differs from the file's text (a file kit
                // wrote is its rendering): half the bytes of every write of kit's own.
                try texts.execute(
                    arguments: [
                        bases.base, bases.kitBase == bases.base ? nil : bases.kitBase, bases.written,
                        bases.writtenKit == bases.written ? nil : bases.writtenKit, collection, name,
                    ])
            }
        }
    }

    /// The bases of the file `name` (all nil when there is no record of it).
    public func bases(collection: String, name: String) throws -> Bases {
        try database.read { db in
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT base, kit_base, written, written_kit FROM vdir_file WHERE collection = ? AND name = ?
                        """), arguments: [collection, name])
            guard let row else { return Bases() }
            let base: String? = row[0]
            let written: String? = row[2]
            return Bases(base: base, kitBase: row[1] ?? base, written: written, writtenKit: row[3] ?? written)
        }
    }

    /// The files with a write of kit's the other side may not have yet: when kit wrote each.
    public func pendingWrites(collection: String) throws -> [String: WallTime] {
        try database.read { db in
            var result: [String: WallTime] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT name, written_ns FROM vdir_file WHERE collection = ? AND written IS NOT NULL",
                arguments: [collection])
            while let row = try rows.next() {
                result[row[0]] = WallTime(nanoseconds: (row[1] as Int64?) ?? 0)
            }
            return result
        }
    }

    /// Kit's writes to these files reached the other side: each becomes the files' base.
    public func agreeOnWritten(collection: String, names: [String]) throws {
        guard !names.isEmpty else { return }
        try database.write(.normal) { db in
            let agree = try db.cachedStatement(
                sql: """
                    UPDATE vdir_file SET base = written, kit_base = written_kit, written = NULL, written_kit = NULL
                    WHERE collection = ? AND name = ? AND written IS NOT NULL
                    """)
            for name in names { try agree.execute(arguments: [collection, name]) }
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
        /// The losing version, as iCalendar text: the losing lines of `property`, or the whole
        /// item (an empty text for a deletion) when the conflict was over the whole item.
        public var kept: String
        public var at: WallTime
        /// The properties that differed (`SUMMARY`, `DTSTART, DUE`); nil for the whole item.
        public var property: String?

        public init(
            id: Int64 = 0, collection: String, uid: String, title: String, winner: String, kept: String, at: WallTime,
            property: String? = nil
        ) {
            self.property = property
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
                    INSERT INTO sync_conflict (collection, uid, title, winner, kept, at_ns, property)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    conflict.collection, conflict.uid, conflict.title, conflict.winner, conflict.kept,
                    conflict.at.nanoseconds, conflict.property,
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
                    SELECT id, collection, uid, title, winner, kept, at_ns, property FROM sync_conflict
                    ORDER BY id DESC LIMIT ?
                    """, arguments: [limit]
            ).map { row in
                Conflict(
                    id: row[0], collection: row[1], uid: row[2], title: row[3], winner: row[4], kept: row[5],
                    at: WallTime(nanoseconds: row[6]), property: row[7])
            }
        }
    }
}
