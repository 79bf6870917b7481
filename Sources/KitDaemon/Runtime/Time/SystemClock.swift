import Foundation
import Glibc
import KitCore

/// The clock seam of the daemon: everything that asks "what time is it" goes through one.
protocol DaemonClock: Sendable {
    func now() -> ClockReading
    /// Identifies this boot, so a stored boot-clock instant is only trusted on the same boot.
    var bootID: String { get }
    /// Where the system's CLOCK_REALTIME will be when this clock reads `wall`. The loop's timers
    /// run on the system clocks, so a clock that is not the system's (a test's) says where its
    /// instants fall on them.
    func systemWall(_ wall: WallTime) -> WallTime
    /// Where the system's CLOCK_BOOTTIME will be when this clock reads `boot`.
    func systemBoot(_ boot: BootTime) -> BootTime
}

extension DaemonClock {
    func systemWall(_ wall: WallTime) -> WallTime { wall }
    func systemBoot(_ boot: BootTime) -> BootTime { boot }
}

/// Reads CLOCK_BOOTTIME and CLOCK_REALTIME.
struct SystemClock: DaemonClock {
    let bootID: String

    init() {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? ""
        bootID = text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func now() -> ClockReading {
        ClockReading(
            boot: BootTime(nanoseconds: Self.read(CLOCK_BOOTTIME)),
            wall: WallTime(nanoseconds: Self.read(CLOCK_REALTIME)))
    }

    static func read(_ clock: clockid_t) -> Int64 {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Int64(spec.tv_sec) * Nanoseconds.nanosecondsPerSecond + Int64(spec.tv_nsec)
    }
}
