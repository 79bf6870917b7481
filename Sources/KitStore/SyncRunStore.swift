import GRDB
import KitCore

/// The runs of the sync command (`[sync] command`): the last one, for `sync status`, and when
/// the last one that succeeded started, across restarts.
public struct SyncRunStore {
    let database: KitDatabase
}

extension SyncRunStore {
    /// One run of the sync command.
    public struct Run: Sendable, Equatable {
        public var startedAt: WallTime
        public var duration: Nanoseconds
        /// `succeeded`, `failed`, `timed out` or `not started`.
        public var outcome: String
        /// The exit status, when the command exited (not killed by a signal, not started).
        public var exitStatus: Int32?
        /// The last of what it wrote (standard output and error together).
        public var output: String
        /// Why it ran: `asked`, `change`, `interval` or `start`.
        public var reason: String

        public init(
            startedAt: WallTime, duration: Nanoseconds, outcome: String, exitStatus: Int32?, output: String,
            reason: String
        ) {
            self.reason = reason
            self.startedAt = startedAt
            self.duration = duration
            self.outcome = outcome
            self.exitStatus = exitStatus
            self.output = output
        }
    }

    /// The last run, and when the last run that succeeded started (nil: none yet).
    public func last() throws -> (run: Run, succeededStartedAt: WallTime?)? {
        try database.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT started_ns, duration_ns, outcome, exit_status, output, reason, succeeded_started_ns
                        FROM sync_run WHERE id = 1
                        """)
            else { return nil }
            let run = Run(
                startedAt: WallTime(nanoseconds: row[0]), duration: row[1], outcome: row[2], exitStatus: row[3],
                output: row[4], reason: row[5])
            return (run, (row[6] as Int64?).map { WallTime(nanoseconds: $0) })
        }
    }

    /// Records `run` as the last one, in the open batch; `succeeded` moves the start of the last
    /// run that succeeded to its start.
    public func record(_ run: Run, succeeded: Bool) throws {
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sync_run
                        (id, started_ns, duration_ns, outcome, exit_status, output, reason, succeeded_started_ns)
                    VALUES (1, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET
                        started_ns = excluded.started_ns, duration_ns = excluded.duration_ns,
                        outcome = excluded.outcome, exit_status = excluded.exit_status, output = excluded.output,
                        reason = excluded.reason,
                        succeeded_started_ns = CASE WHEN ? THEN excluded.started_ns ELSE sync_run.succeeded_started_ns END
                    """,
                arguments: [
                    run.startedAt.nanoseconds, run.duration, run.outcome, run.exitStatus.map { Int64($0) }, run.output,
                    run.reason, succeeded ? run.startedAt.nanoseconds : Int64?.none, succeeded,
                ])
        }
    }
}
