import GRDB
import KitCore

/// The delivery of each popup kitd means to show (`popup_delivery`): written in the turn that
/// decided on it, so a popup whose event went out is never lost with a crash of kitd before the
/// notification server took it.
public struct PopupStore {
    let database: KitDatabase
}

extension PopupStore {
    /// Where a popup is on its way to the screen.
    public enum State: String, Sendable {
        /// Decided on, waiting for its turn.
        case pending
        /// Handed to the notification server, no answer yet: if kitd dies now, the server may or
        /// may not have shown it.
        case sending
        case shown
        case failed
    }

    /// A popup as it is kept: what it says, without buttons (a popup shown again after a restart
    /// has nobody to answer them).
    public struct Delivery: Sendable, Equatable {
        public var id: Int64
        /// The wire form of its subject (`timer:7`).
        public var subject: String
        public var summary: String
        public var body: String
        public var icon: String
        public var urgency: Int
        /// What it plays, in `SoundChoice`'s text form (`alarm-clock-elapsed`, a file path, or
        /// `off`); nil for no sound of kit's.
        public var soundName: String?
        /// How loud kitd plays it, in percent; nil for 100.
        public var soundVolume: Int?
        public var category: String?
        public var timeoutMilliseconds: Int32
        /// When kitd decided to show it.
        public var requestedAt: WallTime
        public var state: State

        public init(
            id: Int64 = 0, subject: String, summary: String, body: String, icon: String, urgency: Int,
            soundName: String?, soundVolume: Int? = nil, category: String?, timeoutMilliseconds: Int32,
            requestedAt: WallTime, state: State = .pending
        ) {
            self.id = id
            self.subject = subject
            self.summary = summary
            self.body = body
            self.icon = icon
            self.urgency = urgency
            self.soundName = soundName
            self.soundVolume = soundVolume
            self.category = category
            self.timeoutMilliseconds = timeoutMilliseconds
            self.requestedAt = requestedAt
            self.state = state
        }
    }

    /// Records `delivery` in the open batch, `pending` (or `sending`, for a popup that goes to
    /// the server as soon as the batch is committed); returns its id.
    public func add(_ delivery: Delivery, state: State = .pending) throws -> Int64 {
        try database.write(.normal, savepoint: false) { db in
            try db.execute(
                sql: """
                    INSERT INTO popup_delivery
                        (subject, summary, body, icon, urgency, sound_name, sound_volume, category, timeout_ms,
                         requested_ns, state)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    delivery.subject, delivery.summary, delivery.body, delivery.icon, delivery.urgency,
                    delivery.soundName, delivery.soundVolume, delivery.category, Int64(delivery.timeoutMilliseconds),
                    delivery.requestedAt.nanoseconds, state.rawValue,
                ])
            return db.lastInsertedRowID
        }
    }

    /// Moves the deliveries `ids` to `state`, in the open batch.
    public func setState(_ state: State, of ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try database.write(.normal, savepoint: false) { db in
            try db.execute(
                sql: "UPDATE popup_delivery SET state = ? WHERE id IN (\(ids.map { _ in "?" }.joined(separator: ",")))",
                arguments: StatementArguments([state.rawValue] + ids.map { $0 as any DatabaseValueConvertible }))
        }
    }

    /// Marks the deliveries `ids` shown, held by `server` (a unique bus name) under `serverID`,
    /// in the open batch. A digest's deliveries share its id.
    public func setShown(_ ids: [Int64], serverID: UInt32, server: String?) throws {
        guard !ids.isEmpty else { return }
        let held = server != nil && serverID != 0
        try database.write(.normal, savepoint: false) { db in
            try db.execute(
                sql: """
                    UPDATE popup_delivery SET state = 'shown', server_id = ?, server_owner = ?
                    WHERE id IN (\(ids.map { _ in "?" }.joined(separator: ",")))
                    """,
                arguments: StatementArguments(
                    [held ? Int64(serverID) : nil, held ? server : nil] as [(any DatabaseValueConvertible)?]
                        + ids.map { $0 as any DatabaseValueConvertible }))
        }
    }

    /// The popup `serverID` of `server` left the screen, in the open batch.
    public func leftScreen(serverID: UInt32, server: String) throws {
        try database.write(.normal, savepoint: false) { db in
            try db.execute(
                sql:
                    "UPDATE popup_delivery SET server_id = NULL, server_owner = NULL WHERE server_id = ? AND server_owner = ?",
                arguments: [Int64(serverID), server])
        }
    }

    /// A popup some server still holds, as the ledger last heard.
    public struct OnScreen: Sendable, Equatable {
        public var subject: String
        public var serverID: UInt32
        public var server: String
    }

    /// Every popup some server still holds, oldest first.
    public func onScreen() throws -> [OnScreen] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT subject, server_id, server_owner FROM popup_delivery INDEXED BY popup_delivery_on_screen
                    WHERE server_id IS NOT NULL ORDER BY id
                    """
            ).map { OnScreen(subject: $0[0], serverID: UInt32(clamping: $0[1] as Int64), server: $0[2]) }
        }
    }

    /// No server holds any popup any more (it went, or the popups were settled at start), in the
    /// open batch.
    public func offScreen() throws {
        try database.write(.normal, savepoint: false) { db in
            try db.execute(
                sql: "UPDATE popup_delivery SET server_id = NULL, server_owner = NULL WHERE server_id IS NOT NULL")
        }
    }

    /// Forgets the deliveries `ids` (withdrawn before they were shown, or too old to show).
    public func remove(_ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try database.write(.normal, savepoint: false) { db in
            try db.execute(
                sql: "DELETE FROM popup_delivery WHERE id IN (\(ids.map { _ in "?" }.joined(separator: ",")))",
                arguments: StatementArguments(ids))
        }
    }

    /// Every delivery still pending or sending, oldest first: at start, what the last kitd left.
    public func undelivered() throws -> [Delivery] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, subject, summary, body, icon, urgency, sound_name, category, timeout_ms, requested_ns,
                        state, sound_volume
                    FROM popup_delivery WHERE state IN ('pending', 'sending') ORDER BY id
                    """
            ).map { row in
                Delivery(
                    id: row[0], subject: row[1], summary: row[2], body: row[3], icon: row[4], urgency: row[5],
                    soundName: row[6], soundVolume: row[11], category: row[7],
                    timeoutMilliseconds: Int32(clamping: row[8] as Int64), requestedAt: WallTime(nanoseconds: row[9]),
                    state: State(rawValue: row[10]) ?? .pending)
            }
        }
    }

    /// How many deliveries are in each state.
    public func counts() throws -> [State: Int] {
        try database.read { db in
            var counts: [State: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT state, COUNT(*) FROM popup_delivery GROUP BY state") {
                if let state = State(rawValue: row[0]) { counts[state] = row[1] }
            }
            return counts
        }
    }

    /// Keeps the last `keep` finished deliveries (shown or failed), and those still on screen, in
    /// the open batch.
    public func prune(keeping keep: Int) throws {
        try database.write(.normal, savepoint: false) { db in
            try db.execute(
                sql: """
                    DELETE FROM popup_delivery WHERE state IN ('shown', 'failed') AND server_id IS NULL AND id NOT IN
                        (SELECT id FROM popup_delivery WHERE state IN ('shown', 'failed') ORDER BY id DESC LIMIT ?)
                    """,
                arguments: [keep])
        }
    }
}
