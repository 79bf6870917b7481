import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// `kitctl status --format` and `kitctl bar`, for status bars, against the real binaries.
    @Suite("Status bar feed")
    struct BarTests {
        /// The JSON objects `bar` printed so far; every line must be one.
        static func lines(_ bar: Subprocess) throws -> [[String: Any]] {
            try bar.stdout.split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                return try #require(object as? [String: Any], "not a JSON object: \(line)")
            }
        }

        @Test("status --format fills its placeholders; an unknown one is refused before kitd is asked")
        func statusFormat() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["timer", "start", "10m", "--name", "tea"]).exitCode == 0)
            #expect(try kit.kitctl(["sw", "new", "focus", "--start"]).exitCode == 0)
            #expect(try kit.kitctl(["task", "add", "dentist", "--due", "in 2h"]).exitCode == 0)
            let line = try kit.kitctl(["status", "--format", "{timer_name} {timers} {stopwatches} {overdue} {{x}}"])
            #expect(line.exitCode == 0 && line.stdout == "tea 1 1 0 {x}\n", "\(line)")
            let plain = try kit.kitctl(["status", "--format", ""])
            #expect(plain.stdout.hasPrefix("tea 10:00 left") || plain.stdout.hasPrefix("tea 9:5"), "\(plain)")
            #expect(plain.stdout.contains(" left · 1 stopwatch · next: dentist at "), "\(plain)")
            let bad = try kit.kitctl(["status", "--format", "{timer} {eta}"])
            #expect(bad.exitCode == 1 && bad.stderr.hasPrefix("kitctl: unknown placeholder {eta}"), "\(bad)")
        }

        @Test(
            "bar --waybar prints JSON lines: a snapshot, a new line on each change, 'off' while kitd is down, then lines again; no wake-ups while idle"
        )
        func waybarStream() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let bar = try Subprocess(
                Binaries.kitctl, ["bar", "--waybar"], environment: kit.environment, outputDirectory: kit.root.path,
                name: "bar")
            defer { bar.stop() }
            #expect(Subprocess.waitUntil(timeout: .seconds(10)) { bar.stdout.contains("kit: idle") })

            // Idle: kitd is not woken by the bar. It wakes once, a second after the bar subscribed,
            // to let go of the pages that took (IdleRelease), so the count starts after that.
            let pid = try #require(kit.kitd?.pid)
            let busy = ProcessProbe.memoryMiB(pid: pid).fileBacked
            _ = Subprocess.waitUntil(timeout: .seconds(20)) { ProcessProbe.memoryMiB(pid: pid).fileBacked * 2 <= busy }
            Wait.passes(.milliseconds(500))
            let before = ProcessProbe.contextSwitches(pid: pid)
            Wait.passes(.seconds(3))
            let idleSwitches = ProcessProbe.contextSwitches(pid: pid) - before
            #expect(idleSwitches <= 2, "kitd woke \(idleSwitches) times in 3 s with a bar and nothing to do")

            #expect(try kit.kitctl(["timer", "start", "1h", "--name", "tea"]).exitCode == 0)
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    bar.stdout.contains("\"text\":\"tea 59:5") || bar.stdout.contains("\"text\":\"tea 1:00:00")
                })
            let timerLine = try #require(try Self.lines(bar).last)
            #expect(timerLine["class"] as? String == "timer")
            #expect((timerLine["tooltip"] as? String)?.contains("Timers: 1") == true)

            #expect(kit.stopKitd() == 0)
            #expect(Subprocess.waitUntil(timeout: .seconds(10)) { bar.stdout.contains("\"class\":\"offline\"") })
            try kit.startKitd()
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    (try? Self.lines(bar).last?["class"] as? String) == "timer"
                })
            #expect(bar.isRunning)
            #expect(try Self.lines(bar).count >= 4)
        }

        @Test("systemd's STATUS= line counts overdue tasks beside the timers")
        func statusCountsTasks() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["timer", "start", "1h", "--name", "tea"]).exitCode == 0)
            #expect(try kit.kitctl(["task", "add", "stretch", "--due", "in 1s"]).exitCode == 0)
            let shown = Subprocess.waitUntil(timeout: .seconds(10)) {
                kit.notify.values(of: "STATUS").last?.hasSuffix("; 1 task overdue") == true
            }
            #expect(shown, "\(kit.notify.values(of: "STATUS"))")
            #expect(kit.notify.values(of: "STATUS").last?.hasPrefix("1 timer; next: tea at ") == true)
        }

        @Test("events --snapshot --reconnect starts with a kit.snapshot line, and goes on with a restarted kitd")
        func eventsReconnect() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["timer", "start", "1h", "--name", "tea"]).exitCode == 0)
            let events = try Subprocess(
                Binaries.kitctl, ["events", "--snapshot", "--reconnect", "timer.*"], environment: kit.environment,
                outputDirectory: kit.root.path, name: "events")
            defer { events.stop() }
            #expect(Subprocess.waitUntil(timeout: .seconds(10)) { events.stdout.contains("\n") })
            let first = try #require(events.stdout.split(separator: "\n").first)
            let snapshot = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
            #expect(snapshot["method"] as? String == "kit.snapshot")
            let params = try #require(snapshot["params"] as? [String: Any])
            #expect((params["timers"] as? [[String: Any]])?.first?["name"] as? String == "tea")
            #expect((params["status"] as? [String: Any])?["pid"] != nil)
            #expect(kit.stopKitd() == 0)
            try kit.startKitd()
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    events.stdout.components(separatedBy: "kit.snapshot").count == 3
                })
            #expect(try kit.kitctl(["timer", "start", "5m", "--name", "eggs"]).exitCode == 0)
            #expect(Subprocess.waitUntil(timeout: .seconds(10)) { events.stdout.contains("timer.started") })
            #expect(events.isRunning)
            #expect(events.stderr.contains("waiting for it to come back"))
        }
    }
}
