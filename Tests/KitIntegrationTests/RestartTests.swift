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
                Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired]), as: SubscribeResult.self)
            let list = try connection.call(Method.timerList, TimerListParams(), as: TimerListResult.self)
            #expect(list.timers.map(\.id) == [started.id, paused.id])
            #expect(list.timers.last?.state == "paused")

            let event = try #require(try connection.nextEvent(timeout: .seconds(6)))
            let fired = try event.decode(TimerFiredEvent.self)
            #expect(fired.timer.id == started.id)
            #expect(!fired.late)
            #expect(fired.latenessMs < 250)
            let originalDueText = try #require(started.dueAt)
            let originalDue = try #require(Timestamp.parse(originalDueText))
            let due = try #require(Timestamp.parse(fired.dueAt))
            #expect(abs(Double(due - originalDue) / 1e6) < 5, "due moved by \(Double(due - originalDue) / 1e6) ms")
        }
    }
}
