import KitCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `daemon.status`: what kitd's runtime says about itself, and each feature's part of it.
///
/// The runtime's members are its own; a feature's are `sections`, each under the member name the
/// feature gives it (`timers`, `next`, `stopwatches`, `tasks`), written beside the runtime's as
/// they always were. A feature's protocol file reads and writes its part as its own type (see
/// `Methods.swift`), so that this type names no feature.
public struct DaemonStatusResult: WireValue {
    public struct Notifications: Codable, Sendable {
        /// Whether the last attempt to reach a notification server succeeded; nil before the first.
        public var available: Bool?
        /// The server's name and version, e.g. `dunst 1.9.0`.
        public var server: String?
        /// The server's capabilities as it reported them.
        public var capabilities: [String]
        /// Popups decided on that the server has not answered yet: waiting their turn or on their way.
        public var pending: Int?
        /// Since kitd started: popups the server showed, and those it could not be given.
        public var shown: Int?
        public var failed: Int?
        /// Since kitd started: popups the last kitd left undelivered, shown again at start.
        public var replayed: Int?
        public init(
            available: Bool?, server: String?, capabilities: [String], pending: Int? = nil, shown: Int? = nil,
            failed: Int? = nil, replayed: Int? = nil
        ) {
            self.available = available
            self.server = server
            self.capabilities = capabilities
            self.pending = pending
            self.shown = shown
            self.failed = failed
            self.replayed = replayed
        }
    }

    public var version: String
    public var protocolVersion: Int
    public var pid: Int32
    public var startedAt: String
    /// Time since it started, on the boot clock.
    public var uptimeNs: Nanoseconds
    public var socket: String
    public var database: String
    public var notifications: Notifications
    /// Requests and other work running off kitd's event loop now (a `task.import` reading its
    /// document). Absent from a kitd older than this field.
    public var backgroundJobs: Int?
    /// Each feature's part, by its member name.
    private var sections: [String: Section] = [:]

    /// A feature's part: the value kitd's feature set, written as it is (never turned into JSON
    /// and back), or the JSON a client read from a reply.
    private enum Section: Sendable {
        case value(any Encodable & Sendable)
        case json(JSONValue)
    }

    public init(
        version: String, protocolVersion: Int, pid: Int32, startedAt: String, uptimeNs: Nanoseconds,
        socket: String, database: String, notifications: Notifications
    ) {
        self.version = version
        self.protocolVersion = protocolVersion
        self.pid = pid
        self.startedAt = startedAt
        self.uptimeNs = uptimeNs
        self.socket = socket
        self.database = database
        self.notifications = notifications
    }

    /// A feature's part, read as its type; nil when absent (an older kitd) or of another shape.
    public func section<T: Decodable>(_ name: String, as type: T.Type = T.self) -> T? {
        switch sections[name] {
        case nil, .json(.null): return nil
        case .json(let json): return try? json.decode(as: T.self)
        case .value(let value): return value as? T ?? (try? JSONValue(encoding: value).decode(as: T.self))
        }
    }

    /// Sets a feature's part (nil removes it). A member name of the runtime's own is refused.
    public mutating func setSection(_ name: String, _ value: (some Encodable & Sendable)?) {
        precondition(!CodingKeys.allCases.contains { $0.stringValue == name }, "\(name) is the runtime's member")
        sections[name] = value.map { .value($0) }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case version, protocolVersion, pid, startedAt, uptimeNs, socket, database, notifications, backgroundJobs
    }

    private struct SectionKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(String.self, forKey: .version)
        protocolVersion = try container.decode(Int.self, forKey: .protocolVersion)
        pid = try container.decode(Int32.self, forKey: .pid)
        startedAt = try container.decode(String.self, forKey: .startedAt)
        uptimeNs = try container.decode(Nanoseconds.self, forKey: .uptimeNs)
        socket = try container.decode(String.self, forKey: .socket)
        database = try container.decode(String.self, forKey: .database)
        notifications = try container.decode(Notifications.self, forKey: .notifications)
        backgroundJobs = try container.decodeIfPresent(Int.self, forKey: .backgroundJobs)
        let others = try decoder.container(keyedBy: SectionKey.self)
        for key in others.allKeys
        where CodingKeys(rawValue: key.stringValue) == nil && !ProtocolOne.isReplyMember(key.stringValue) {
            sections[key.stringValue] = .json(try others.decode(JSONValue.self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(protocolVersion, forKey: .protocolVersion)
        try container.encode(pid, forKey: .pid)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(uptimeNs, forKey: .uptimeNs)
        try container.encode(socket, forKey: .socket)
        try container.encode(database, forKey: .database)
        try container.encode(notifications, forKey: .notifications)
        try container.encodeIfPresent(backgroundJobs, forKey: .backgroundJobs)
        var others = encoder.container(keyedBy: SectionKey.self)
        for name in sections.keys.sorted() {
            let key = SectionKey(stringValue: name)
            switch sections[name] {
            case .value(let value)?: try others.encode(value, forKey: key)
            case .json(let json)?: try others.encode(json, forKey: key)
            case nil: break
            }
        }
    }
}
