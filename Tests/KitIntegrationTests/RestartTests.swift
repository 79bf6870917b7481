import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Timers across restarts")
    struct RestartTests {
        @Test(
            "a running timer survives a restart and fires at its original due instant", arguments: [SIGTERM, SIGKILL])
        func survivesRestart(signal: Int32) throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let started = try kit.kitctlJSON(["timer", "start", "3s", "--name", "bread"], as: TimerInfo.self)
            let paused = try kit.kitctlJSON(["timer", "start", "5m", "--name", "later"], as: TimerInfo.self)
            _ = try kit.kitctl(["timer", "pause", "later"])
            #expect(kit.stopKitd(signal: signal) == (signal == SIGKILL ? 128 + SIGKILL : 0))
            try kit.startKitd()

            let connection = try kit.connect()
            _ = try connection.call(
                Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired]))
            let list = try connection.call(Method.timerList, TimerListParams())
            #expect(list.timers.map(\.id) == [started.id, paused.id])
            #expect(list.timers.last?.state == .paused)

            let event = try #require(try connection.nextEvent(timeout: .seconds(6)))
            let fired = try event.decode(TimerFiredEvent.self)
            #expect(fired.timer.id == started.id)
            #expect(!fired.late)
            #expect(fired.latenessNs < 250_000_000)
            let originalDueText = try #require(started.dueAt)
            let originalDue = try #require(Timestamp.parse(originalDueText))
            let due = try #require(Timestamp.parse(fired.dueAt))
            #expect(abs((due - originalDue).milliseconds) < 5, "due moved by \((due - originalDue).milliseconds) ms")
        }

        // Which popups catch-up shows is tested on a virtual clock (KitDaemonTests/PopupTests);
        // this proves with the real binaries that the fire is recorded once and survives kill -9.
        @Test(
            "a timer due while kitd was down fires once at the next start, marked late, and a kill -9 does not fire it again"
        )
        func dueWhileDownFiresOnce() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let timer = try kit.kitctlJSON(["timer", "start", "3s", "--name", "missed"], as: TimerInfo.self)
            #expect(kit.stopKitd(signal: SIGTERM) == 0)
            let due = try #require(timer.dueAt.flatMap(Timestamp.parse))
            Wait.passes(until: Date(timeIntervalSince1970: Double((due + 300_000_000).nanoseconds) / 1e9))

            try kit.startKitd()
            let fired = try kit.kitctlJSON(["timer", "show", "\(timer.id)"], as: TimerInfo.self)
            #expect(fired.state == .fired && fired.late == true, "\(fired)")
            #expect(kit.stopKitd(signal: SIGKILL) == 128 + SIGKILL)
            try kit.startKitd()
            let again = try kit.kitctlJSON(["timer", "show", "\(timer.id)"], as: TimerInfo.self)
            #expect(again.state == .fired && again.firedAt == fired.firedAt, "fired once: \(again)")
        }
    }
}
