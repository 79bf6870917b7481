import KitCore

/// A stopwatch as the protocol shows it. All fields are stable.
public struct StopwatchInfo: WireValue, Equatable {
    public enum State: String, WireEnum {
        case running, stopped
    }

    public var id: Int64
    public var name: String
    public var state: State
    /// Elapsed time at the moment of the reply.
    public var elapsedNs: Nanoseconds
    /// When the current running span began (running only).
    public var startedAt: String?
    public var createdAt: String
    public var laps: Int
    /// The "still running" threshold in effect; 0 when off.
    public var remindAfterNs: Nanoseconds
    /// Whether it has ever run.
    public var everStarted: Bool

    public init(
        id: Int64, name: String, state: State, elapsedNs: Nanoseconds, startedAt: String?, createdAt: String,
        laps: Int, remindAfterNs: Nanoseconds, everStarted: Bool
    ) {
        self.id = id
        self.name = name
        self.state = state
        self.elapsedNs = elapsedNs
        self.startedAt = startedAt
        self.createdAt = createdAt
        self.laps = laps
        self.remindAfterNs = remindAfterNs
        self.everStarted = everStarted
    }
}

public struct StopwatchCreateParams: WireValue, BoundedParams {
    public var name: String
    /// Start it at once.
    public var start: Bool?
    /// The "still running" threshold; 0 turns notices off; absent uses the config. Protocol 1
    /// sent it as `remindAfterSeconds`, a number; kitd still takes that.
    public var remindAfterNs: Nanoseconds?

    public static var bounds: [ParamBound<Self>] {
        [
            .duration(
                "remindAfterNs", \.remindAfterNs, 0...0, Nanoseconds.second...DurationParser.maximum,
                text: "0 (off), or from 1 second to 366 days", hint: "7200000000000 is 2h")
        ]
    }

    public init(name: String, start: Bool? = nil, remindAfterNs: Nanoseconds? = nil) {
        self.name = name
        self.start = start
        self.remindAfterNs = remindAfterNs
    }

    enum CodingKeys: String, CodingKey {
        case name, start, remindAfterNs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        start = try container.decodeIfPresent(Bool.self, forKey: .start)
        remindAfterNs = try decoder.durationIfPresent(CodingKeys.remindAfterNs)
    }
}

public struct StopwatchRefParams: WireValue {
    /// An id or the (unique) name.
    public var ref: RecordRef
    public init(ref: String) { self.ref = RecordRef(ref) }
}

public struct StopwatchRenameParams: WireValue {
    public var ref: RecordRef
    public var name: String
    public init(ref: String, name: String) {
        self.ref = RecordRef(ref)
        self.name = name
    }
}

public struct StopwatchLapParams: WireValue {
    public var ref: RecordRef
    public var note: String?
    public init(ref: String, note: String? = nil) {
        self.ref = RecordRef(ref)
        self.note = note
    }
}

public struct StopwatchListResult: WireValue {
    public var stopwatches: [StopwatchInfo]
    public init(stopwatches: [StopwatchInfo]) { self.stopwatches = stopwatches }
}

/// One lap on the wire.
public struct LapInfo: Codable, Sendable, Equatable {
    public var number: Int
    /// This lap's own length.
    public var lapNs: Nanoseconds
    /// The stopwatch's elapsed time when the lap was taken.
    public var totalNs: Nanoseconds
    public var at: String
    public var note: String?

    public init(_ lap: Lap) {
        number = lap.number
        lapNs = lap.split
        totalNs = lap.total
        at = Timestamp.rfc3339(lap.at)
        note = lap.note
    }
}

public struct StopwatchLapResult: WireValue {
    public var stopwatch: StopwatchInfo
    public var lap: LapInfo
    public init(stopwatch: StopwatchInfo, lap: LapInfo) {
        self.stopwatch = stopwatch
        self.lap = lap
    }
}

public struct StopwatchLapsResult: WireValue {
    public var stopwatch: StopwatchInfo
    public var laps: [LapInfo]
    public init(stopwatch: StopwatchInfo, laps: [LapInfo]) {
        self.stopwatch = stopwatch
        self.laps = laps
    }
}

public struct StopwatchDeleteResult: WireValue {
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
    /// What `stopwatch.changed` says happened.
    public enum Change: String, WireEnum {
        case created, renamed, reset, deleted
    }

    public var stopwatch: StopwatchInfo
    /// For `stopwatch.changed`.
    public var change: Change?
    public init(stopwatch: StopwatchInfo, change: Change? = nil) {
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

/// The stopwatches' part of `daemon.status`: how many run now, of how many.
extension DaemonStatusResult {
    public struct StopwatchCounts: Codable, Sendable, Equatable {
        public var running: Int
        public var total: Int
        public init(running: Int, total: Int) {
            self.running = running
            self.total = total
        }
    }

    /// Absent from a kitd older than this part.
    public var stopwatches: StopwatchCounts? {
        get { section("stopwatches") }
        set { setSection("stopwatches", newValue) }
    }
}
