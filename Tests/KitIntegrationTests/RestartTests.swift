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

        @Test("a timer that came due while kitd was down fires once at start, marked late")
        func dueWhileDown() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            let timer = try kit.kitctlJSON(["timer", "start", "1s", "--name", "missed"], as: TimerInfo.self)
            #expect(kit.stopKitd(signal: SIGTERM) == 0)
            Thread.sleep(forTimeInterval: 2)
            try kit.startKitd()

            let popup = try #require(try kit.desktop!.waitForNotification(summaryContaining: "missed"))
            #expect(popup.body.contains("while kitd was not running"))
            let shown = try kit.kitctlJSON(["timer", "show", "\(timer.id)"], as: TimerInfo.self)
            #expect(shown.state == "fired" && shown.late == true)

            // Once only: another restart fires nothing again.
            #expect(kit.stopKitd(signal: SIGTERM) == 0)
            try kit.startKitd()
            Thread.sleep(forTimeInterval: 1)
            let popups = try kit.desktop!.notifications().filter { $0.summary.contains("missed") }
            #expect(popups.count == 1)
            #expect(try kit.kitctlJSON(["timer", "show", "\(timer.id)"], as: TimerInfo.self).firedAt == shown.firedAt)
        }

        @Test("many timers missed while down become one digest popup")
        func missedTimersDigest() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            for index in 0..<5 { _ = try kit.kitctl(["timer", "start", "1s", "--name", "batch\(index)"]) }
            #expect(kit.stopKitd(signal: SIGTERM) == 0)
            Thread.sleep(forTimeInterval: 1.5)
            try kit.startKitd()
            let digest = try #require(
                try kit.desktop!.waitForNotification(summaryContaining: "timers finished while kitd was off"))
            #expect(digest.summary == "5 timers finished while kitd was off")
            #expect(digest.body.contains("batch0") && digest.body.contains("batch4"))
            let all = try kit.desktop!.notifications()
            #expect(all.filter { $0.summary.contains("batch") }.isEmpty, "no single popups next to the digest")
        }
    }
}
