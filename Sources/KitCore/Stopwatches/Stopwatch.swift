/// A named stopwatch. Elapsed time is the sum of closed running spans plus the open one,
/// always computed from stored instants, never counted by a tick.
public struct Stopwatch: Sendable, Equatable, Identifiable {
    public let id: Int64
    public var name: String
    public var createdAt: WallTime
    public var state: StopwatchState
    /// Time in the spans that are closed.
    public var accumulated: Nanoseconds
    /// Whether it ever ran: a lap needs a stopwatch that was started at least once.
    public var everStarted: Bool
    /// The "still running" threshold; nil means the configured default, 0 means never.
    public var remindAfter: Nanoseconds?
    /// Reminders sent for the current running span.
    public var remindersSent: Int
    public var lapCount: Int

    public init(
        id: Int64, name: String, createdAt: WallTime, state: StopwatchState = .stopped, accumulated: Nanoseconds = 0,
        everStarted: Bool = false, remindAfter: Nanoseconds? = nil, remindersSent: Int = 0, lapCount: Int = 0
    ) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.state = state
        self.accumulated = accumulated
        self.everStarted = everStarted
        self.remindAfter = remindAfter
        self.remindersSent = remindersSent
        self.lapCount = lapCount
    }

    public var isRunning: Bool {
        if case .running = state { true } else { false }
    }

    /// Elapsed time at `now`. A running span counts on the boot clock, so a wall-clock jump
    /// changes nothing; after a reboot its start was re-derived from the wall clock.
    public func elapsed(at now: BootTime) -> Nanoseconds {
        switch state {
        case .stopped: accumulated
        case .running(let span): accumulated + max(0, now - span.boot)
        }
    }

    /// The length of the open span (zero when stopped).
    public func currentSpan(at now: BootTime) -> Nanoseconds {
        switch state {
        case .stopped: 0
        case .running(let span): max(0, now - span.boot)
        }
    }

    /// When the next "still running" notice is due, on the boot clock: after every
    /// `threshold` of continuous running. nil when stopped or when notices are off.
    public func nextReminder(threshold: Nanoseconds) -> BootTime? {
        guard case .running(let span) = state, threshold > 0 else { return nil }
        return span.boot + threshold * Int64(remindersSent + 1)
    }
}

/// Stopped, or running since an instant kept on both clocks.
public enum StopwatchState: Sendable, Equatable {
    case stopped
    case running(since: Deadline)

    public var name: String {
        switch self {
        case .stopped: "stopped"
        case .running: "running"
        }
    }
}

/// One lap: the total at the moment it was taken, and its own length.
public struct Lap: Sendable, Equatable, Codable {
    public var number: Int
    /// Elapsed time of the stopwatch when the lap was taken.
    public var total: Nanoseconds
    /// total minus the previous lap's total.
    public var split: Nanoseconds
    public var at: WallTime
    public var note: String?

    public init(number: Int, total: Nanoseconds, split: Nanoseconds, at: WallTime, note: String?) {
        self.number = number
        self.total = total
        self.split = split
        self.at = at
        self.note = note
    }

    private enum CodingKeys: String, CodingKey { case number, total, split, at, note }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(Int.self, forKey: .number)
        total = try container.decode(Nanoseconds.self, forKey: .total)
        split = try container.decode(Nanoseconds.self, forKey: .split)
        at = WallTime(nanoseconds: try container.decode(Int64.self, forKey: .at))
        note = try container.decodeIfPresent(String.self, forKey: .note)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(total, forKey: .total)
        try container.encode(split, forKey: .split)
        try container.encode(at.nanoseconds, forKey: .at)
        try container.encodeIfPresent(note, forKey: .note)
    }
}
