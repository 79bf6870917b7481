import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Idle memory")
    struct IdleReleaseTests {
        @Test(
            "an idle kitd lets go of the pages of code it mapped, wakes no more for it, and its next timer still fires and pops up"
        )
        func idleKitdLetsGoOfFilePages() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            let pid = try #require(kit.kitd?.pid)
            let connection = try kit.connect()

            // Busy: a request every 100 ms keeps kitd from ever being idle for IdleRelease's second.
            var busy = 0.0
            for _ in 0..<5 {
                _ = try connection.call(Method.timerList, TimerListParams())
                busy = max(busy, ProcessProbe.memoryMiB(pid: pid).fileBacked)
                Wait.passes(.milliseconds(100))
            }
            #expect(busy > 4, "kitd maps more than 4 MiB of code while it works: \(busy) MiB")

            // Idle: the pages go, however long the machine takes to get there.
            _ = Subprocess.waitUntil(timeout: .seconds(20)) { ProcessProbe.memoryMiB(pid: pid).fileBacked * 2 <= busy }
            let idle = ProcessProbe.memoryMiB(pid: pid).fileBacked
            #expect(idle * 2 <= busy, "file pages resident: \(busy) MiB while busy, still \(idle) MiB when idle")

            // Letting go is one piece of work after the activity, not a tick.
            Wait.passes(.milliseconds(500))
            let before = ProcessProbe.contextSwitches(pid: pid)
            Wait.passes(.seconds(2))
            #expect(ProcessProbe.contextSwitches(pid: pid) - before <= 1)

            // The code comes back when it is needed.
            let timer = try connection.call(
                Method.timerStart, TimerStartParams(durationNs: Nanoseconds.second, name: "after idle"))
            let popup = try #require(try kit.desktop!.waitForNotification(summaryContaining: "after idle"))
            #expect(popup.summary == "after idle is done")
            let fired = try connection.call(Method.timerList, TimerListParams(all: true))
            #expect(fired.timers.first { $0.id == timer.id }?.state == .fired)
        }
    }
}
