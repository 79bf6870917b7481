import KitCore

// The stored properties of the types extended here are declared in Wire/StopwatchMethods.wire.

extension StopwatchInfo {
    public enum State: String, WireEnum {
        case running, stopped
    }
}

extension StopwatchCreateParams {
    public static var bounds: [ParamBound<Self>] {
        [
            .duration(
                "remindAfterNs", \.remindAfterNs, 0...0, Nanoseconds.second...DurationParser.maximum,
                text: "0 (off), or from 1 second to 366 days", hint: "7200000000000 is 2h")
        ]
    }
}

extension StopwatchRenameParams {
    public init(ref: String, name: String) {
        self.ref = RecordRef(ref)
        self.name = name
    }
}

extension StopwatchLapParams {
    public init(ref: String, note: String? = nil) {
        self.ref = RecordRef(ref)
        self.note = note
    }
}

extension LapInfo {
    public init(_ lap: Lap) {
        number = lap.number
        lapNs = lap.split
        totalNs = lap.total
        at = Timestamp.rfc3339(lap.at)
        note = lap.note
    }
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

extension StopwatchEvent {
    /// What `stopwatch.changed` says happened.
    public enum Change: String, WireEnum {
        case created, renamed, reset, deleted
    }
}

/// The stopwatches' part of `daemon.status`: how many run now, of how many.
extension DaemonStatusResult {

    /// Absent from a kitd older than this part.
    public var stopwatches: StopwatchCounts? {
        get { section("stopwatches") }
        set { setSection("stopwatches", newValue) }
    }
}
