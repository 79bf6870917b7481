import KitCore

/// The `stopwatch.*` methods, by wire name.
extension Method {
    public static let stopwatchCreate = "stopwatch.create"
    public static let stopwatchList = "stopwatch.list"
    public static let stopwatchGet = "stopwatch.get"
    public static let stopwatchStart = "stopwatch.start"
    public static let stopwatchStop = "stopwatch.stop"
    public static let stopwatchReset = "stopwatch.reset"
    public static let stopwatchDelete = "stopwatch.delete"
    public static let stopwatchRename = "stopwatch.rename"
    public static let stopwatchLap = "stopwatch.lap"
    public static let stopwatchLaps = "stopwatch.laps"
}

/// A stopwatch as the protocol shows it. All fields are stable.
public struct StopwatchInfo: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String
    /// `running` or `stopped`.
    public var state: String
    /// Elapsed seconds at the moment of the reply.
    public var elapsedSeconds: Double
    /// When the current running span began (running only).
    public var startedAt: String?
    public var createdAt: String
    public var laps: Int
    /// The "still running" threshold in effect, in seconds; 0 when off.
    public var remindAfterSeconds: Double
    /// Whether it has ever run.
    public var everStarted: Bool

    public init(
        id: Int64, name: String, state: String, elapsedSeconds: Double, startedAt: String?, createdAt: String,
        laps: Int,
        remindAfterSeconds: Double, everStarted: Bool
    ) {
        self.id = id
        self.name = name
        self.state = state
        self.elapsedSeconds = elapsedSeconds
        self.startedAt = startedAt
        self.createdAt = createdAt
        self.laps = laps
        self.remindAfterSeconds = remindAfterSeconds
        self.everStarted = everStarted
    }
}

public struct StopwatchCreateParams: Codable, Sendable {
    public var name: String
    /// Start it at once.
    public var start: Bool?
    /// The "still running" threshold in seconds; 0 turns notices off; absent uses the config.
    public var remindAfterSeconds: Double?

    public init(name: String, start: Bool? = nil, remindAfterSeconds: Double? = nil) {
        self.name = name
        self.start = start
        self.remindAfterSeconds = remindAfterSeconds
    }
}

public struct StopwatchRefParams: Codable, Sendable {
    /// An id or the (unique) name.
    public var ref: RecordRef
    public init(ref: String) { self.ref = RecordRef(ref) }
}

public struct StopwatchRenameParams: Codable, Sendable {
    public var ref: RecordRef
    public var name: String
    public init(ref: String, name: String) {
        self.ref = RecordRef(ref)
        self.name = name
    }
}

public struct StopwatchLapParams: Codable, Sendable {
    public var ref: RecordRef
    public var note: String?
    public init(ref: String, note: String? = nil) {
        self.ref = RecordRef(ref)
        self.note = note
    }
}

public struct StopwatchListResult: Codable, Sendable {
    public var stopwatches: [StopwatchInfo]
    public init(stopwatches: [StopwatchInfo]) { self.stopwatches = stopwatches }
}

/// One lap on the wire.
public struct LapInfo: Codable, Sendable, Equatable {
    public var number: Int
    /// This lap's own length, in seconds.
    public var lapSeconds: Double
    /// The stopwatch's elapsed time when the lap was taken, in seconds.
    public var totalSeconds: Double
    public var at: String
    public var note: String?

    public init(_ lap: Lap) {
        number = lap.number
        lapSeconds = lap.split.seconds
        totalSeconds = lap.total.seconds
        at = Timestamp.rfc3339(lap.at)
        note = lap.note
    }
}

public struct StopwatchLapResult: Codable, Sendable {
    public var stopwatch: StopwatchInfo
    public var lap: LapInfo
    public init(stopwatch: StopwatchInfo, lap: LapInfo) {
        self.stopwatch = stopwatch
        self.lap = lap
    }
}

public struct StopwatchLapsResult: Codable, Sendable {
    public var stopwatch: StopwatchInfo
    public var laps: [LapInfo]
    public init(stopwatch: StopwatchInfo, laps: [LapInfo]) {
        self.stopwatch = stopwatch
        self.laps = laps
    }
}

public struct StopwatchDeleteResult: Codable, Sendable {
    public var deleted: Int64
    public init(deleted: Int64) { self.deleted = deleted }
}

/// The `stopwatch.*` events.
extension Event {
    public static let stopwatchStarted = "stopwatch.started"
    public static let stopwatchStopped = "stopwatch.stopped"
    public static let stopwatchLap = "stopwatch.lap"
    /// The "still running" notice went out.
    public static let stopwatchReminded = "stopwatch.reminded"
    /// Created, renamed, reset or deleted.
    public static let stopwatchChanged = "stopwatch.changed"
}

/// `stopwatch.started`, `stopwatch.stopped`, `stopwatch.changed` (with `change`), `stopwatch.reminded`.
public struct StopwatchEvent: Codable, Sendable {
    public var stopwatch: StopwatchInfo
    /// For `stopwatch.changed`: `created`, `renamed`, `reset` or `deleted`.
    public var change: String?
    public init(stopwatch: StopwatchInfo, change: String? = nil) {
        self.stopwatch = stopwatch
        self.change = change
    }
}

public struct StopwatchLapEvent: Codable, Sendable {
    public var stopwatch: StopwatchInfo
    public var lap: LapInfo
    public init(stopwatch: StopwatchInfo, lap: LapInfo) {
        self.stopwatch = stopwatch
        self.lap = lap
    }
}
