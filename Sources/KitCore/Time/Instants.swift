/// An instant on the wall clock (CLOCK_REALTIME): nanoseconds since the Unix epoch.
/// It can jump when the clock is set; use it for display and across reboots.
public struct WallTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
    public init(seconds: Double) { self.nanoseconds = Int64((seconds * 1e9).rounded()) }

    public static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    public static func + (lhs: WallTime, rhs: Nanoseconds) -> WallTime {
        WallTime(nanoseconds: lhs.nanoseconds + rhs.value)
    }
    public static func - (lhs: WallTime, rhs: WallTime) -> Nanoseconds {
        Nanoseconds(lhs.nanoseconds - rhs.nanoseconds)
    }
    public var description: String { Timestamp.rfc3339(self) }
}

/// An instant on CLOCK_BOOTTIME: nanoseconds since boot, including time spent suspended.
/// It never jumps, so countdowns run on it; it is meaningless across a reboot.
public struct BootTime: Hashable, Comparable, Sendable {
    public var nanoseconds: Int64
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static func < (lhs: BootTime, rhs: BootTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    public static func + (lhs: BootTime, rhs: Nanoseconds) -> BootTime {
        BootTime(nanoseconds: lhs.nanoseconds + rhs.value)
    }
    public static func - (lhs: BootTime, rhs: BootTime) -> Nanoseconds {
        Nanoseconds(lhs.nanoseconds - rhs.nanoseconds)
    }
}

/// Both clocks read at one moment. KitCore never reads a clock; callers pass this in.
public struct ClockReading: Sendable, Equatable {
    public var boot: BootTime
    public var wall: WallTime
    public init(boot: BootTime, wall: WallTime) {
        self.boot = boot
        self.wall = wall
    }

    /// The wall-clock instant that corresponds to a boot-clock instant, as seen from this reading.
    public func wall(for instant: BootTime) -> WallTime { wall + (instant - boot) }
    /// The boot-clock instant that corresponds to a wall-clock instant, as seen from this reading.
    public func boot(for instant: WallTime) -> BootTime { boot + (instant - wall) }
}
