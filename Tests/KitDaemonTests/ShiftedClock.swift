import KitCore
import Synchronization

@testable import KitDaemon

/// The system clocks moved by offsets a test sets. `jump(by:)` sets the wall clock without
/// touching the boot clock, as a person or NTP does; `advance(by:)` lets time pass on both
/// clocks at once, so that a test need not sleep for a countdown to come due.
final class ShiftedClock: DaemonClock, Sendable {
    private let system = SystemClock()
    private let offsets = Mutex<(boot: Nanoseconds, wall: Nanoseconds)>((0, 0))

    var bootID: String { system.bootID }

    /// Moves this clock's wall time by `nanoseconds` (negative: back).
    func jump(by nanoseconds: Nanoseconds) { offsets.withLock { $0.wall += nanoseconds } }

    /// Lets `nanoseconds` pass on both clocks.
    func advance(by nanoseconds: Nanoseconds) {
        offsets.withLock {
            $0.boot += nanoseconds
            $0.wall += nanoseconds
        }
    }

    func now() -> ClockReading {
        let reading = system.now()
        let offsets = offsets.withLock { $0 }
        return ClockReading(boot: reading.boot + offsets.boot, wall: reading.wall + offsets.wall)
    }

    func systemWall(_ wall: WallTime) -> WallTime { wall + (-offsets.withLock { $0.wall }) }

    func systemBoot(_ boot: BootTime) -> BootTime { boot + (-offsets.withLock { $0.boot }) }
}
