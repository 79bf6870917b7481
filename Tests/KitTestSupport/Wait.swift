import Foundation

/// How kit's tests wait, in one place: every wait polls, and `pause` here is the one sleep
/// between polls (with `StreamWatch`'s read loop). A test waits for what it expects to see
/// (`until`), checks that what must not happen does not for a while (`holds`: an event that
/// never comes has nothing to wait on), or lets time pass where time itself is tested (`passes`:
/// a stopwatch's elapsed time, a due time going by while kitd is off, a window to count
/// wake-ups in).
public enum Wait {
    /// Polls until `condition` holds or `timeout` passes. Returns whether it held.
    @discardableResult
    public static func until(timeout: Duration = .seconds(10), _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            pause()
        }
        return try condition()
    }

    /// Polls `condition` for `duration`: false as soon as it fails, true if it held throughout.
    public static func holds(for duration: Duration, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline {
            guard try condition() else { return false }
            pause()
        }
        return try condition()
    }

    /// Returns once the wall clock has reached `date`.
    public static func passes(until date: Date) {
        while Date() < date { pause(min(0.02, max(0, date.timeIntervalSinceNow))) }
    }

    /// Returns once `duration` has gone by.
    public static func passes(_ duration: Duration) {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            pause(min(0.02, Double((end - ContinuousClock.now) / .milliseconds(1)) / 1000))
        }
    }

    /// The sleep between two polls.
    static func pause(_ seconds: Double = 0.02) { Thread.sleep(forTimeInterval: seconds) }
}
