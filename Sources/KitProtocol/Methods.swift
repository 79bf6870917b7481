import KitCore

/// For methods that take no parameters.
// wire-codec: write read
public struct EmptyParams: Codable, Sendable, WireValue {
    public init() {}
}

/// A reference to one record: an integer id, or a string that is an id (`"7"`, `"#7"`) or a name.
public struct RecordRef: Codable, Sendable, Equatable, CustomStringConvertible {
    public var text: String

    public init(_ text: String) { self.text = text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            text = String(number)
        } else if let string = try? container.decode(String.self) {
            text = string
        } else {
            throw DecodingError.typeMismatch(
                RecordRef.self,
                .init(codingPath: decoder.codingPath, debugDescription: "must be an id (integer) or a name (string)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }
}

// wire-codec: write
public struct TimerStartParams: Codable, Sendable, WireValue, BoundedParams {
    /// The length, > 0 and at most 366 days. Protocol 1 sent it as `seconds`, a number; kitd
    /// still takes that.
    public var durationNs: Nanoseconds
    public var name: String?
    /// What its popup plays: a sound theme name (`bell`), an absolute path to a sound file, or
    /// `off`; absent for what config.toml sets for timers.
    public var sound: String?

    public static var bounds: [ParamBound<Self>] {
        [
            .duration(
                "durationNs", \.durationNs, 1...DurationParser.maximum, text: "more than 0 and at most 366 days",
                hint: "270000000000 is 4m30s")
        ]
    }

    public init(durationNs: Nanoseconds, name: String? = nil, sound: String? = nil) {
        self.durationNs = durationNs
        self.name = name
        self.sound = sound
    }

    enum CodingKeys: String, CodingKey {
        case durationNs, name, sound
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        sound = try container.decodeIfPresent(String.self, forKey: .sound)
        durationNs = try decoder.duration(CodingKeys.durationNs)
    }
}

// wire-codec: write read
public struct TimerRefParams: Codable, Sendable, WireValue {
    public var ref: RecordRef

    public init(ref: String) { self.ref = RecordRef(ref) }
}

public struct TimerAddParams: WireValue, BoundedParams {
    public var ref: RecordRef
    /// The time to add; negative removes time. Protocol 1 sent it as `seconds`, a number; kitd
    /// still takes that.
    public var deltaNs: Nanoseconds

    public static var bounds: [ParamBound<Self>] {
        [
            .duration(
                "deltaNs", \.deltaNs, -DurationParser.maximum...(-1), 1...DurationParser.maximum,
                text: "not zero, and at most 366 days either way", hint: "a negative time removes time")
        ]
    }

    public init(ref: String, deltaNs: Nanoseconds) {
        self.ref = RecordRef(ref)
        self.deltaNs = deltaNs
    }

    enum CodingKeys: String, CodingKey {
        case ref, deltaNs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ref = try container.decode(RecordRef.self, forKey: .ref)
        deltaNs = try decoder.duration(CodingKeys.deltaNs)
    }
}

/// One page of the timer list. The list is long only with many timers, so it comes in pages:
/// pass a page's `next` as `after` for the one that follows.
public struct TimerListParams: WireValue, BoundedParams {
    /// Include fired and cancelled timers (most recent first, after the active ones).
    public var all: Bool?
    /// The most timers in the page, `limits`; `defaultLimit` when absent.
    public var limit: Int?
    /// The `next` of the page before; absent for the first page.
    public var after: String?

    public static let defaultLimit = 1000
    public static let limits = 1...10_000
    public static var bounds: [ParamBound<Self>] {
        [.count("limit", \.limit, limits, unit: "timers a page", hint: "follow 'next' for more")]
    }

    public init(all: Bool? = nil, limit: Int? = nil, after: String? = nil) {
        self.all = all
        self.limit = limit
        self.after = after
    }
}

/// A timer as the protocol shows it. All fields are stable.
// wire-codec: write read
public struct TimerInfo: Codable, Sendable, WireValue, Equatable {
    /// Where a timer is in its life, as the wire writes it.
    public enum State: String, WireEnum {
        case running, paused, fired, cancelled
    }

    public var id: Int64
    public var name: String?
    /// The name, or `timer N` for an unnamed timer.
    public var label: String
    public var state: State
    /// The full length, including time added since it started.
    public var durationNs: Nanoseconds
    /// Time left at the moment of the reply: 0 once fired or cancelled.
    public var remainingNs: Nanoseconds
    /// When a running timer is due (RFC 3339, UTC, microseconds).
    public var dueAt: String?
    public var createdAt: String
    /// When a fired timer fired.
    public var firedAt: String?
    /// When a cancelled timer was cancelled.
    public var cancelledAt: String?
    /// For a fired timer: whether it fired late (kitd was down, or more than 1 s late).
    public var late: Bool?
    /// The timer's own sound, when it was started with one: a theme name, a file path, or `off`.
    public var sound: String?

    public init(
        id: Int64, name: String?, label: String, state: State, durationNs: Nanoseconds,
        remainingNs: Nanoseconds, dueAt: String?, createdAt: String, firedAt: String? = nil,
        cancelledAt: String? = nil, late: Bool? = nil, sound: String? = nil
    ) {
        self.id = id
        self.name = name
        self.label = label
        self.state = state
        self.durationNs = durationNs
        self.remainingNs = remainingNs
        self.dueAt = dueAt
        self.createdAt = createdAt
        self.firedAt = firedAt
        self.cancelledAt = cancelledAt
        self.late = late
        self.sound = sound
    }
}

// wire-codec: write
public struct TimerListResult: Codable, Sendable, WireValue {
    public var timers: [TimerInfo]
    /// Where the list goes on: pass it as `after`. Absent when this page ends the list.
    public var next: String?

    public init(timers: [TimerInfo], next: String? = nil) {
        self.timers = timers
        self.next = next
    }
}

public struct SubscribeParams: WireValue {
    /// Event names or prefixes ending in `*` (`timer.*`). Absent or empty means every event.
    public var events: [String]?
    public init(events: [String]? = nil) { self.events = events }
}

public struct SubscribeResult: WireValue {
    public var events: [String]
    public init(events: [String]) { self.events = events }
}

/// `daemon.today`: what runs and what is due today, each feature's part filled by the feature.
public struct TodayResult: WireValue {
    /// Today's date in kitd's system zone, `2026-12-05`.
    public var date: String
    /// Running and paused timers, in `timer.list`'s order (the soonest due first), at most
    /// `listed`.
    public var timers: [TimerInfo] = []
    /// Running stopwatches, by name.
    public var stopwatches: [StopwatchInfo] = []
    /// Open tasks due by the end of today, the overdue and snoozed ones too, by due, at most
    /// `listed`.
    public var tasks: [TaskInfo] = []
    /// The lists cut at `listed` (`timers`, `tasks`): there are more (`kitctl timer list`,
    /// `kitctl task list --today`). Absent when none is.
    public var truncated: [String]?

    /// The most timers, and the most tasks, one reply lists.
    public static let listed = 100

    public init(date: String) { self.date = date }
}

/// `daemon.reload`: the configuration file kitd read again, and what changed.
public struct DaemonReloadResult: WireValue, Equatable {
    /// The file read (it may not exist: then every setting is at its default).
    public var path: String
    /// The tables whose settings changed (`tasks`, `sound`), sorted; empty when none did.
    public var changed: [String]
    /// Of those, the tables kitd reads only when it starts (`vdir`, `sync`): they take effect
    /// at the next start.
    public var restartNeeded: [String]

    public init(path: String, changed: [String], restartNeeded: [String]) {
        self.path = path
        self.changed = changed
        self.restartNeeded = restartNeeded
    }
}

/// The timers' part of `daemon.status`: `timers`, how many run and are paused, and `next`, the
/// one due next.
extension DaemonStatusResult {
    public struct Counts: Codable, Sendable, Equatable {
        public var running: Int
        public var paused: Int
        public init(running: Int, paused: Int) {
            self.running = running
            self.paused = paused
        }
    }

    public struct NextDue: Codable, Sendable {
        public var id: Int64
        public var label: String
        public var dueAt: String
        public var remainingNs: Nanoseconds
        /// Its whole length (with time added or taken away); absent from an older kitd.
        public var durationNs: Nanoseconds?
        public init(id: Int64, label: String, dueAt: String, remainingNs: Nanoseconds, durationNs: Nanoseconds? = nil) {
            self.id = id
            self.label = label
            self.dueAt = dueAt
            self.remainingNs = remainingNs
            self.durationNs = durationNs
        }
    }

    public var timers: Counts {
        get { section("timers") ?? Counts(running: 0, paused: 0) }
        set { setSection("timers", newValue) }
    }

    public var next: NextDue? {
        get { section("next") }
        set { setSection("next", newValue) }
    }
}
