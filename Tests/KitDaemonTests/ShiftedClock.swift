import KitCore
import Synchronization

@testable import KitDaemon

/// The system clock with the wall clock moved by an offset a test sets: a jump of the wall
/// clock without touching the machine's. The boot clock is the system's, as after a real jump.
final class ShiftedClock: DaemonClock, Sendable {
    private let system = SystemClock()
    private let offset = Mutex<Int64>(0)

    var bootID: String { system.bootID }

    /// Moves this clock's wall time by `nanoseconds` (negative: back).
    func jump(by nanoseconds: Int64) { offset.withLock { $0 += nanoseconds } }

    func now() -> ClockReading {
        let reading = system.now()
        return ClockReading(boot: reading.boot, wall: reading.wall + offset.withLock { $0 })
    }

    func systemWall(_ wall: WallTime) -> WallTime { wall + (-offset.withLock { $0 }) }
}
