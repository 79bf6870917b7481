/// The rules for a stopwatch: each returns the new value or throws a `KitError` naming the
/// state; nothing changes on error.
extension Stopwatch {
    public static func created(id: Int64, name: String, now: ClockReading, start: Bool, remindAfter: Nanoseconds?)
        throws(KitError) -> Stopwatch
    {
        if let remindAfter, remindAfter < 0 { throw .invalidArgument("--remind-after must be positive, or off") }
        var stopwatch = Stopwatch(id: id, name: name, createdAt: now.wall, remindAfter: remindAfter)
        if start { stopwatch = try stopwatch.started(at: now) }
        return stopwatch
    }

    public func started(at now: ClockReading) throws(KitError) -> Stopwatch {
        guard case .stopped = state else {
            throw .invalidState("\(name) is already running; stop it first", state: state.name)
        }
        var copy = self
        copy.state = .running(since: Deadline(boot: now.boot, wall: now.wall))
        copy.everStarted = true
        copy.remindersSent = 0
        return copy
    }

    public func stopped(at now: ClockReading) throws(KitError) -> Stopwatch {
        guard case .running = state else {
            throw .invalidState(
                everStarted
                    ? "\(name) is already stopped; start it with `kitctl sw start \(ShellWord.quoted(name))`"
                    : "\(name) is already stopped (it was never started); start it with `kitctl sw start \(ShellWord.quoted(name))`",
                state: state.name)
        }
        var copy = self
        copy.accumulated = elapsed(at: now.boot)
        copy.state = .stopped
        copy.remindersSent = 0
        return copy
    }

    /// Back to zero, laps gone; a running stopwatch keeps running from now.
    public func reset(at now: ClockReading) -> Stopwatch {
        var copy = self
        copy.accumulated = 0
        copy.lapCount = 0
        copy.remindersSent = 0
        if case .running = state { copy.state = .running(since: Deadline(boot: now.boot, wall: now.wall)) }
        return copy
    }

    /// A lap at `now`, given the previous lap's total.
    public func lap(at now: ClockReading, previousTotal: Nanoseconds, note: String?) throws(KitError) -> Lap {
        guard everStarted else {
            throw .invalidState("\(name) was never started; start it before taking a lap", state: "never-started")
        }
        let total = elapsed(at: now.boot)
        return Lap(number: lapCount + 1, total: total, split: total - previousTotal, at: now.wall, note: note)
    }
}

/// `H:MM:SS.cc`, and days when needed (`2d 03:04:05.67`): how elapsed time is written.
public enum StopwatchFormat {
    public static func elapsed(_ duration: Nanoseconds) -> String {
        let total = max(0, duration)
        let hundredths = total / Nanoseconds(10_000_000)
        let seconds = hundredths / 100
        let cc = hundredths % 100
        let days = seconds / 86_400
        let hours = seconds % 86_400 / 3600
        let minutes = seconds % 3600 / 60
        let secs = seconds % 60
        let tail = ":\(two(minutes)):\(two(secs)).\(two(cc))"
        return days > 0 ? "\(days)d \(two(hours))" + tail : "\(hours)" + tail
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
