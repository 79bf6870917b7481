import KitCore

/// The events kit sends after `events.subscribe`, by wire name: the runtime's here, each
/// feature's in its own protocol file. Which ones kitd sends is what its features declare
/// (`Feature.eventNames`).
public enum Event {
    public static let timerStarted = "timer.started"
    public static let timerPaused = "timer.paused"
    public static let timerResumed = "timer.resumed"
    public static let timerAdjusted = "timer.adjusted"
    public static let timerFired = "timer.fired"
    public static let timerCancelled = "timer.cancelled"
    public static let notificationShown = "notification.shown"
    public static let notificationFailed = "notification.failed"

    /// The most patterns one `events.subscribe` may give.
    public static let maximumPatterns = 100

    /// Whether `name` matches a subscription pattern: an exact name, `noun.*`, or `*`.
    public static func matches(_ name: String, pattern: String) -> Bool {
        if pattern == "*" || pattern == name { return true }
        if pattern.hasSuffix(".*") { return name.hasPrefix(pattern.dropLast()) }
        return false
    }
}

/// `timer.started`, `timer.paused`, `timer.resumed`, `timer.adjusted`, `timer.cancelled`.
public struct TimerEvent: Codable, Sendable {
    public var timer: TimerInfo
    /// For `timer.adjusted`: the time added (negative when removed).
    public var deltaNs: Nanoseconds?

    public init(timer: TimerInfo, deltaNs: Nanoseconds? = nil) {
        self.timer = timer
        self.deltaNs = deltaNs
    }
}

/// `timer.fired`: when it was due and when it fired, to the microsecond, so lateness can be measured.
public struct TimerFiredEvent: Codable, Sendable {
    public var timer: TimerInfo
    /// The due instant (RFC 3339, UTC, microseconds).
    public var dueAt: String
    /// The instant kitd fired it (RFC 3339, UTC, microseconds).
    public var firedAt: String
    /// firedAt minus dueAt, measured on the boot clock.
    public var latenessNs: Nanoseconds
    /// True when kitd was down at the due instant or it fired more than 1 s late.
    public var late: Bool

    public init(timer: TimerInfo, dueAt: String, firedAt: String, latenessNs: Nanoseconds, late: Bool) {
        self.timer = timer
        self.dueAt = dueAt
        self.firedAt = firedAt
        self.latenessNs = latenessNs
        self.late = late
    }
}

/// `notification.shown` and `notification.failed`: what became of a popup.
public struct NotificationEvent: Codable, Sendable {
    /// What the popup is about, e.g. `timer:7`.
    public var subject: String
    public var summary: String
    /// For `notification.shown`: the id the notification server gave it.
    public var serverId: UInt32?
    /// For `notification.failed`: why, in words.
    public var reason: String?
    /// From the moment kitd asked for the popup to the server's answer.
    public var latencyNs: Nanoseconds

    public init(subject: String, summary: String, serverId: UInt32?, reason: String?, latencyNs: Nanoseconds) {
        self.subject = subject
        self.summary = summary
        self.serverId = serverId
        self.reason = reason
        self.latencyNs = latencyNs
    }
}
