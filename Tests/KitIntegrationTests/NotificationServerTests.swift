import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Without a working notification server")
    struct NotificationServerTests {
        @Test("with no notification server, timers still fire and kitd keeps serving")
        func noServer() throws {
            let kit = try KitdHarness(desktop: try DesktopSession(notificationServer: false))
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try kit.connect()
            _ = try connection.call(Method.eventsSubscribe, SubscribeParams())
            let timer = try connection.call(
                Method.timerStart, TimerStartParams(durationNs: 500_000_000, name: "quiet"))
            var fired: TimerFiredEvent?
            var failed: NotificationEvent?
            let deadline = ContinuousClock.now + .seconds(8)
            while (fired == nil || failed == nil) && ContinuousClock.now < deadline {
                guard let event = try connection.nextEvent(timeout: .milliseconds(200)) else { continue }
                if event.name == Event.timerFired { fired = try event.decode(TimerFiredEvent.self) }
                if event.name == Event.notificationFailed { failed = try event.decode(NotificationEvent.self) }
            }
            #expect(fired?.timer.id == timer.id)
            #expect(failed?.subject == "timer:\(timer.id)")
            #expect(try kit.kitctlJSON(["timer", "show", "quiet"], as: TimerInfo.self).state == .fired)
            #expect(kit.kitd?.stderr.contains("no notification server") == true)
            let status = try kit.kitctlJSON(["status"], as: DaemonStatusResult.self)
            #expect(status.notifications.available == false)
            #expect(try kit.kitctl(["timer", "start", "5m"]).exitCode == 0)
        }

        @Test("a hung notification server delays no timer")
        func hungServer() throws {
            let desktop = try DesktopSession()
            let kit = try KitdHarness(desktop: desktop)
            defer {
                desktop.dunst?.signal(SIGCONT)
                kit.tearDown()
            }
            try kit.startKitd()
            let connection = try kit.connect()
            _ = try connection.call(
                Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired]))
            desktop.dunst?.signal(SIGSTOP)
            _ = try connection.call(
                Method.timerStart, TimerStartParams(durationNs: 500_000_000, name: "first"))
            _ = try connection.call(
                Method.timerStart, TimerStartParams(durationNs: 1_500_000_000, name: "second"))
            _ = try connection.call(
                Method.timerStart, TimerStartParams(durationNs: 2_500_000_000, name: "third"))
            var fired: [TimerFiredEvent] = []
            let deadline = ContinuousClock.now + .seconds(6)
            while fired.count < 3 && ContinuousClock.now < deadline {
                if let event = try connection.nextEvent(timeout: .milliseconds(200)) {
                    fired.append(try event.decode(TimerFiredEvent.self))
                }
            }
            #expect(fired.map(\.timer.label) == ["first", "second", "third"])
            #expect(fired.allSatisfy { $0.latenessNs < 250_000_000 }, "\(fired.map(\.latenessNs))")
            // kitd still answers while its notification thread waits on the hung server.
            let status = try connection.call(Method.daemonStatus, EmptyParams())
            #expect(status.timers.running == 0)
        }
    }
}
