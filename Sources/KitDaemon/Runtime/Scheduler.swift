import KitCore
import Logging

/// Sleeps until the earliest due instant of each clock and hands what came due to the feature
/// that owns it.
///
/// Each feature asks for its own `Alarms` channel: an agenda of its own typed keys on one clock
/// (CLOCK_BOOTTIME for countdowns, CLOCK_REALTIME for civil deadlines). The scheduler keeps one
/// sd-event timer source per clock, always armed at the earliest head among that clock's
/// channels with 1 µs accuracy, and disarmed when they are all empty. Nothing ticks: with
/// nothing due the loop does not wake.
final class Scheduler {
    private var bootChannels: [any AlarmQueue] = []
    private var wallChannels: [any AlarmQueue] = []
    private var bootSource: TimerSource?
    private var wallSource: TimerSource?
    private let clock: any DaemonClock
    private var holdOffUntil: BootTime?

    init(loop: EventLoop, clock: any DaemonClock) throws(SystemError) {
        self.clock = clock
        bootSource = try loop.timer(clock: .boot, description: "boot-deadlines") { [unowned self] _ in
            self.bootSource?.markFired()
            self.dispatch(wallClock: false)
        }
        wallSource = try loop.timer(clock: .wall, description: "wall-deadlines") { [unowned self] _ in
            self.wallSource?.markFired()
            self.dispatch(wallClock: true)
        }
    }

    /// A new channel of alarms keyed by `Key` on `Instant`'s clock. `onDue` gets the keys that
    /// came due, in due order, and the clock reading they were taken at. Channels that come due
    /// in the same turn are told in the order they were made.
    func alarms<Key: Hashable & Comparable & Sendable, Instant: AlarmInstant>(
        _ key: Key.Type, on instant: Instant.Type, onDue: @escaping ([Key], ClockReading) -> Void
    ) -> Alarms<Key, Instant> {
        let channel = Alarms<Key, Instant>(scheduler: self, onDue: onDue)
        switch Instant.clock {
        case .boot: bootChannels.append(channel)
        case .wall: wallChannels.append(channel)
        }
        return channel
    }

    /// Delays every firing until `instant` (after a failed commit, so a broken disk is not hammered).
    func holdOff(until instant: BootTime) {
        holdOffUntil = instant
        rearm()
    }

    /// The wall clock was set: realtime deadlines must be measured against the new time.
    func wallClockChanged() {
        wallSource?.markFired()
        rearm()
    }

    private func dispatch(wallClock: Bool) {
        let now = clock.now()
        if let until = holdOffUntil {
            if now.boot < until {
                rearm()
                return
            }
            holdOffUntil = nil
        }
        let channels = wallClock ? wallChannels : bootChannels
        let limit = wallClock ? now.wall.nanoseconds : now.boot.nanoseconds
        let due = channels.compactMap { $0.takeDue(atOrBefore: limit) }
        rearm()
        for deliver in due { deliver(now) }
    }

    /// Arms each clock's source at the earliest head of its channels.
    func rearm() {
        let floor = holdOffUntil?.nanoseconds ?? Int64.min
        if let next = Self.earliest(bootChannels) {
            let due = BootTime(nanoseconds: max(next, floor))
            bootSource?.arm(atMicroseconds: Self.microseconds(clock.systemBoot(due).nanoseconds))
        } else {
            bootSource?.disarm()
        }
        if let next = Self.earliest(wallChannels) {
            var due = WallTime(nanoseconds: next)
            if let until = holdOffUntil { due = max(due, clock.now().wall(for: until)) }
            wallSource?.arm(atMicroseconds: Self.microseconds(clock.systemWall(due).nanoseconds))
        } else {
            wallSource?.disarm()
        }
    }

    /// The earliest head among `channels`; no allocation, since this runs on every schedule.
    private static func earliest(_ channels: [any AlarmQueue]) -> Int64? {
        var earliest: Int64?
        for channel in channels {
            if let due = channel.nextDue(), due < earliest ?? .max { earliest = due }
        }
        return earliest
    }

    /// Rounds up, so a source never fires before the nanosecond deadline.
    private static func microseconds(_ nanoseconds: Int64) -> UInt64 {
        UInt64(max(1, (nanoseconds + 999) / 1000))
    }
}

/// A channel as the scheduler sees it, whatever its key type.
protocol AlarmQueue: AnyObject {
    /// The earliest due instant, in nanoseconds on the channel's clock.
    func nextDue() -> Int64?
    /// Removes what is due by `limit`; returns how to tell the owner, or nil when nothing is due.
    func takeDue(atOrBefore limit: Int64) -> ((ClockReading) -> Void)?
}

/// An instant on one of the scheduler's two clocks.
protocol AlarmInstant: Comparable, Sendable {
    static var clock: EventLoop.Clock { get }
    var nanoseconds: Int64 { get }
    init(nanoseconds: Int64)
}

extension BootTime: AlarmInstant {
    static var clock: EventLoop.Clock { .boot }
}

extension WallTime: AlarmInstant {
    static var clock: EventLoop.Clock { .wall }
}
