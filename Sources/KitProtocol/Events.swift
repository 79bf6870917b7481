import KitCore

// The stored properties of the types extended here are declared in Wire/Events.wire.

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
