import Foundation
import KitCore
import Logging
import Testing

@testable import KitDaemon

@Suite("Watching for the wall clock being set")
struct ClockJumpWatcherTests {
    @Test(
        "the watch is armed at the kernel's latest time (2262), past 2038, so a clock set past INT32_MAX seconds still cancels it instead of expiring it"
    )
    func armedPast2038() throws {
        let loop = try EventLoop()
        let watcher = try ClockJumpWatcher(loop: loop, logger: Logger(label: "test")) {}
        let now = WallTime(nanoseconds: Int64(Date().timeIntervalSince1970 * 1e9))
        let expires = try watcher.expiresAt(now: now)
        #expect(expires > Int64(Int32.max))
        // 2262-04-11, the last whole second a signed 64-bit count of nanoseconds reaches, less one.
        #expect(abs(expires - (Int64.max / Nanoseconds.nanosecondsPerSecond - 1)) <= 2)
    }
}
