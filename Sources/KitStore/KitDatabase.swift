import Foundation
import GRDB
import Logging

/// The one SQLite database of a kit user, opened in WAL mode with full synchronous commits.
///
/// Writes are group-committed: `write` runs its body inside a savepoint of a transaction that
/// stays open until `commit()`. The daemon calls `commit()` once per event-loop turn, after it has
/// handled every request that arrived, and only then sends the replies. So each reply still
/// follows the durable commit of its change, but one fsync serves many requests.
public final class KitDatabase {
    public let path: String
    let queue: DatabaseQueue
    private let logger: Logger

    private init(path: String, queue: DatabaseQueue, logger: Logger) {
        self.path = path
        self.queue = queue
        self.logger = logger
    }

    /// Opens (creating if needed) and migrates the database at `path`.
    public static func open(path: String, logger: Logger) throws -> KitDatabase {
        let queue = try DatabaseQueue(path: path, configuration: configuration(wal: true))
        // GRDB turns WAL on after `prepareDatabase`, and sets `synchronous = NORMAL` as it does:
        // without this, commits kitd counts as durable were written to the WAL with no fsync.
        try queue.inDatabase { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        let database = KitDatabase(path: path, queue: queue, logger: logger)
        try database.migrate()
        return database
    }

    /// A read-only connection to the database kitd keeps at `path`, for a long read on another
    /// thread than kitd's loop (a whole export): in WAL mode it reads the committed rows while
    /// kitd writes, and neither waits for the other. No migrations: kitd has made them.
    public static func openReader(path: String, logger: Logger) throws -> KitDatabase {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(5)
        let queue = try DatabaseQueue(path: path, configuration: config)
        return KitDatabase(path: path, queue: queue, logger: logger)
    }

    /// A private in-memory database, for tests of the store itself.
    public static func inMemory(logger: Logger = Logger(label: "kit.store.memory")) throws -> KitDatabase {
        let queue = try DatabaseQueue(configuration: configuration(wal: false))
        let database = KitDatabase(path: ":memory:", queue: queue, logger: logger)
        try database.migrate()
        return database
    }

    private static func configuration(wal: Bool) -> Configuration {
        var config = Configuration()
        if wal { config.journalMode = .wal }
        config.allowsUnsafeTransactions = true
        config.busyMode = .timeout(5)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return config
    }

    private func migrate() throws {
        let migrator = Self.migrator
        if try queue.read({ try migrator.hasBeenSuperseded($0) }) {
            throw KitStoreError.newerSchema(path: path)
        }
        let before = try queue.read { try migrator.appliedMigrations($0) }
        try migrator.migrate(queue)
        let after = try queue.read { try migrator.appliedMigrations($0) }
        for name in after where !before.contains(name) {
            logger.info("applied migration", metadata: ["db.migration": "\(name)", "db.path": "\(path)"])
        }
    }

    /// The names of the migrations applied to this database, in order.
    public func appliedMigrations() throws -> [String] {
        try queue.read { try Self.migrator.appliedMigrations($0) }
    }

    /// The synchronous level SQLite reports for the connection: 2 (FULL) or 1 (NORMAL).
    public func synchronousPragma() throws -> Int {
        try queue.inDatabase { try Int.fetchOne($0, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// The journal mode SQLite reports (`wal` for an on-disk database).
    public func journalMode() throws -> String {
        try queue.inDatabase { try String.fetchOne($0, sql: "PRAGMA journal_mode") ?? "" }
    }

    // MARK: - Group commit

    /// How hard a commit pushes its changes to disk.
    public enum Durability: Sendable {
        /// fsync before the commit returns: survives power loss. Every change a client asks for.
        case full
        /// Written to the WAL without fsync: survives a crash of kitd, and reaches the disk with
        /// the next full commit or checkpoint. For changes kitd makes on its own (a timer firing).
        case normal
    }

    /// The durability of the open batch, if one is open.
    private var openBatch: Durability?
    /// The connection's synchronous level; a PRAGMA is issued only to change it.
    private var synchronousLevel: Durability = .full

    /// Whether a batch transaction is open; kept here so the hot path takes no lock.
    public var hasPendingChanges: Bool { openBatch != nil }

    /// Runs `body` in a savepoint of the open batch transaction, beginning one if needed.
    /// If `body` throws, its own changes are rolled back and the batch goes on.
    ///
    /// SQLite fixes the synchronous level when a transaction begins, so a `.full` write that
    /// finds a `.normal` batch open commits that batch first (no fsync) and begins a full one.
    /// `savepoint: false` is for a body that is a single statement, atomic by itself.
    func write<T>(
        _ durability: Durability = .full, savepoint: Bool = true, _ body: (Database) throws -> T
    ) throws -> T {
        if openBatch == .normal && durability == .full { try commit() }
        return try queue.inDatabase { db in
            if !db.isInsideTransaction {
                if durability != synchronousLevel {
                    try db.execute(
                        sql: durability == .full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
                    synchronousLevel = durability
                }
                try db.beginTransaction(.immediate)
                openBatch = durability
            }
            guard savepoint else { return try body(db) }
            var result: T?
            try db.inSavepoint {
                result = try body(db)
                return .commit
            }
            return result!
        }
    }

    /// Reads; sees the changes of the open batch.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.inDatabase { try body($0) }
    }

    /// Commits the open batch, if any, with the durability it began with. On failure the batch
    /// is rolled back and the error rethrown.
    public func commit() throws {
        guard openBatch != nil else { return }
        openBatch = nil
        try queue.inDatabase { db in
            guard db.isInsideTransaction else { return }
            do {
                try db.commit()
            } catch {
                try? db.rollback()
                throw error
            }
        }
    }

    /// Runs `body` in a transaction of its own and commits it at once (not part of a batch).
    func writeNow<T>(_ body: (Database) throws -> T) throws -> T {
        try commit()
        let result = try write(.full, body)
        try commit()
        return result
    }
}

/// How hard a commit pushes its changes to disk (see `KitDatabase.Durability`).
public typealias Durability = KitDatabase.Durability

/// Why the store refused to open a database.
public enum KitStoreError: Error, CustomStringConvertible {
    /// The database has migrations this kit does not know: a newer kit wrote it.
    case newerSchema(path: String)

    public var description: String {
        switch self {
        case .newerSchema(let path):
            return "\(path) was written by a newer kit; upgrade kit, or move the file away to start afresh"
        }
    }
}
