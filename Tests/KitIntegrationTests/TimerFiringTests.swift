import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Timers firing")
    struct TimerFiringTests {
        @Test("a 1 s timer fires on time, shows in `kitctl events`, and reaches dunst")
        func oneSecondTimer() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            let events = try kit.events()
            defer { events.stop() }
            try events.waitUntilSubscribed(socketOwner: kit)

            let started = try kit.kitctlJSON(["timer", "start", "1s", "--name", "pasta"], as: TimerInfo.self)
            let fired = events.waitFor(Event.timerFired) { $0.raw.contains("\"pasta\"") }
            let event = try #require(fired).decode(TimerFiredEvent.self)
            #expect(event.timer.id == started.id && event.timer.state == .fired)
            #expect(!event.late)
            #expect(event.latenessNs >= 0 && event.latenessNs < 250_000_000)
            let due = try #require(Timestamp.parse(event.dueAt))
            let firedAt = try #require(Timestamp.parse(event.firedAt))
            #expect(abs(firedAt - due - event.latenessNs) < 5_000_000)
            #expect(started.dueAt.flatMap(Timestamp.parse) == due)

            let popup = try #require(try kit.desktop!.waitForNotification(summaryContaining: "pasta"))
            #expect(popup.summary == "pasta is done")
            #expect(popup.appName == "kit")
            #expect(popup.body.contains("1s timer"))
            let call = try #require(kit.desktop!.notifyCalls().first { $0.contains("\"pasta is done\"") })
            #expect(call.contains("string \"kit\" uint32 0 string \"appointment-soon\" string \"pasta is done\""))
            #expect(call.contains("string \"urgency\" variant byte 2"), "critical urgency: \(call)")
            // dunst plays no sounds: kitd plays alarm-clock-elapsed itself and sends no hint (SoundTests).
            #expect(!call.contains("sound-name"))
            #expect(call.contains("string \"category\" variant string \"x-kit.timer.fired\""))
            #expect(events.waitFor(Event.notificationShown) { $0.raw.contains("timer:\(started.id)") } != nil)
        }

        @Test("timers fire in due order, each exactly once")
        func dueOrderExactlyOnce() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try kit.connect()
            _ = try connection.call(
                Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired]))
            let seconds = [1.3, 0.7, 1.9, 0.9, 1.1, 1.5, 0.8, 1.7, 1.0, 1.2, 1.6, 0.6]
            var ids: [Int64: Double] = [:]
            for (index, value) in seconds.enumerated() {
                let timer = try connection.call(
                    Method.timerStart, TimerStartParams(durationNs: Nanoseconds(Int64(value * 1e9)), name: "t\(index)"))
                ids[timer.id] = value
            }
            var fired: [TimerFiredEvent] = []
            let deadline = ContinuousClock.now + .seconds(6)
            while ContinuousClock.now < deadline {
                if let event = try connection.nextEvent(timeout: .milliseconds(200)) {
                    fired.append(try event.decode(TimerFiredEvent.self))
                }
            }
            #expect(fired.count == seconds.count)
            #expect(Set(fired.map(\.timer.id)) == Set(ids.keys))
            let dues = fired.map { Timestamp.parse($0.dueAt)! }
            #expect(dues == dues.sorted(), "fired out of due order")
            #expect(fired.allSatisfy { $0.latenessNs < 250_000_000 })
        }

        @Test("pause keeps the time left; resume and add compute from it")
        func pauseResumeAndAdd() throws {
            // Every bound here holds however slow the machine is: times are bracketed by
            // clock readings taken around the commands, never compared with a tolerance.
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctlJSON(["timer", "start", "10s", "--name", "tea"], as: TimerInfo.self)
            Wait.passes(.seconds(1))
            let paused = try kit.kitctlJSON(["timer", "pause", "tea"], as: TimerInfo.self)
            #expect(paused.state == .paused)
            #expect(paused.remainingNs <= Nanoseconds.second * 9, "at least 1 s ran: \(paused.remainingNs)")
            #expect(paused.remainingNs > 0, "\(paused.remainingNs)")
            #expect(
                try Wait.holds(for: .seconds(1)) {
                    try kit.kitctlJSON(["timer", "show", "tea"], as: TimerInfo.self).remainingNs == paused.remainingNs
                })
            let before = Self.wallNow()
            let resumed = try kit.kitctlJSON(["timer", "resume", "tea"], as: TimerInfo.self)
            let after = Self.wallNow()
            #expect(resumed.state == .running)
            let due = try Self.due(resumed)
            let slack = Nanoseconds.millisecond  // dueAt is written to the microsecond
            #expect(due >= before + (paused.remainingNs - slack) && due <= after + (paused.remainingNs + slack))
            let longer = try kit.kitctlJSON(["timer", "add", "tea", "+1m"], as: TimerInfo.self)
            #expect(try Self.due(longer) - due == Nanoseconds.second * 60)
            #expect(longer.durationNs == Nanoseconds.second * 70)
            let shorter = try kit.kitctlJSON(["timer", "add", "tea", "-30s"], as: TimerInfo.self)
            #expect(try Self.due(longer) - Self.due(shorter) == Nanoseconds.second * 30)
            #expect(shorter.durationNs == Nanoseconds.second * 40)
            let tooMuch = try kit.kitctl(["timer", "add", "tea", "-5m"])
            #expect(tooMuch.exitCode == 2 && tooMuch.stderr.contains("left"), "\(tooMuch)")
        }

        private static func wallNow() -> WallTime { WallTime(seconds: Date().timeIntervalSince1970) }

        private static func due(_ timer: TimerInfo) throws -> WallTime {
            try #require(timer.dueAt.flatMap(Timestamp.parse), "a running timer has a due time")
        }

        @Test("`timer wait` prints plain lines off a terminal and exits 0 when the timer fires, 2 when cancelled")
        func waitForTimer() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["timer", "start", "1s", "--name", "egg"])
            let waited = try kit.kitctl(["timer", "wait", "egg"], timeout: .seconds(10))
            #expect(waited.exitCode == 0, "\(waited)")
            #expect(waited.stdout.hasPrefix("egg: 0:01 left, due at "))
            #expect(waited.stdout.contains("egg is done"))
            #expect(!waited.stdout.contains("\u{1B}"), "no terminal escapes off a terminal")

            _ = try kit.kitctl(["timer", "start", "1h", "--name", "soup"])
            let waiter = try Subprocess(
                Binaries.kitctl, ["timer", "wait", "soup"], environment: kit.environment,
                outputDirectory: kit.root.path, name: "wait")
            #expect(Subprocess.waitUntil { waiter.stdout.contains("soup: ") })
            _ = try kit.kitctl(["timer", "pause", "soup"])
            #expect(Subprocess.waitUntil { waiter.stdout.contains("soup: paused with") })
            _ = try kit.kitctl(["timer", "cancel", "soup"])
            #expect(waiter.wait(timeout: .seconds(10)) == 2)
            #expect(waiter.stderr.contains("soup was cancelled"))
        }

        @Test("`timer show NAME` with none of that name running shows the one that ended last, after a kill -9 too")
        func latestEndedByName() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let first = try kit.kitctlJSON(["timer", "start", "1h", "--name", "Tea"], as: TimerInfo.self)
            _ = try kit.kitctl(["timer", "cancel", "tea"])
            let second = try kit.kitctlJSON(["timer", "start", "1s", "--name", "tea"], as: TimerInfo.self)
            #expect(try kit.kitctl(["timer", "wait", "tea"], timeout: .seconds(10)).exitCode == 0)
            let shown = try kit.kitctlJSON(["timer", "show", "TEA"], as: TimerInfo.self)
            #expect(shown.id == second.id && shown.state == .fired, "the later end, not \(first.id)")

            _ = kit.stopKitd(signal: SIGKILL)
            try kit.startKitd()
            #expect(try kit.kitctlJSON(["timer", "show", "tea"], as: TimerInfo.self).id == second.id)
            let running = try kit.kitctlJSON(["timer", "start", "1h", "--name", "tea"], as: TimerInfo.self)
            #expect(
                try kit.kitctlJSON(["timer", "show", "tea"], as: TimerInfo.self).id == running.id, "one running wins")
            let missing = try kit.kitctl(["timer", "show", "coffee"])
            #expect(missing.exitCode != 0 && missing.stderr.contains("no timer named 'coffee'"), "\(missing)")
        }

        @Test("Ctrl-C stops `timer wait` and leaves the timer running")
        func interruptedWaitLeavesTimerRunning() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["timer", "start", "1h", "--name", "stew"])
            let waiter = try Subprocess(
                Binaries.kitctl, ["timer", "wait", "stew"], environment: kit.environment,
                outputDirectory: kit.root.path, name: "wait")
            #expect(Subprocess.waitUntil { waiter.stdout.contains("stew: ") })
            waiter.signal(SIGINT)
            #expect(waiter.wait(timeout: .seconds(5)) == 130)
            #expect(waiter.stderr.contains("still running"))
            let timer = try kit.kitctlJSON(["timer", "show", "stew"], as: TimerInfo.self)
            #expect(timer.state == .running)
        }
    }
}

extension Integration.TimerFiringTests {
    @Test("on a terminal, `timer wait` redraws one line with a progress bar, then says the timer is done")
    func waitOnATerminal() throws {
        let kit = try KitdHarness()
        defer { kit.tearDown() }
        try kit.startKitd()
        _ = try kit.kitctl(["timer", "start", "2s", "--name", "toast"])
        // script(1) runs kitctl on a pseudo-terminal and copies what it draws to its stdout.
        let result = try Subprocess.run(
            "/usr/bin/script", ["-q", "-e", "-f", "-c", "\(Binaries.kitctl) timer wait toast", "/dev/null"],
            environment: kit.environment.merging(["TERM": "xterm", "COLUMNS": "80"]) { $1 },
            outputDirectory: kit.root.path,
            timeout: .seconds(15))
        #expect(result.exitCode == 0, "\(result)")
        let redraws = result.stdout.components(separatedBy: "\r\u{1B}[2K").count - 1
        #expect(redraws >= 3, "the line is redrawn in place: \(redraws) redraws")
        #expect(
            result.stdout.contains("toast  ") && result.stdout.contains("█") && result.stdout.contains("left  (due "))
        #expect(result.stdout.contains("toast is done"))
    }
}
