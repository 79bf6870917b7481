import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Stopwatches")
    struct StopwatchTests {
        @Test("a running stopwatch keeps counting through a SIGKILL and a restart")
        func survivesRestart() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["sw", "new", "focus", "--start"])
            _ = try kit.kitctl(["sw", "new", "paused"])
            _ = try kit.kitctl(["sw", "start", "paused"])
            Wait.passes(.milliseconds(500))
            let stopped = try kit.kitctlJSON(["sw", "stop", "paused"], as: StopwatchInfo.self)
            Wait.passes(.milliseconds(500))
            #expect(kit.stopKitd(signal: SIGKILL) == 128 + SIGKILL)
            Wait.passes(.seconds(1))
            try kit.startKitd()
            let focus = try kit.kitctlJSON(["sw", "show", "focus"], as: StopwatchLapsResult.self).stopwatch
            #expect(focus.state == .running)
            #expect(
                focus.elapsedNs > 1_900_000_000 && focus.elapsedNs < 10_000_000_000, "elapsed \(focus.elapsedNs) ns")
            let after = try kit.kitctlJSON(["sw", "show", "paused"], as: StopwatchLapsResult.self).stopwatch
            #expect(after.state == .stopped && after.elapsedNs == stopped.elapsedNs)
        }

        @Test("laps and notes come back in order, and the CSV parses")
        func laps() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["sw", "new", "run", "--start"])
            for note in ["first", "second, with a comma", "third \"quoted\""] {
                Wait.passes(.milliseconds(50))
                #expect(try kit.kitctl(["sw", "lap", "run", note]).exitCode == 0)
            }
            let laps = try kit.kitctlJSON(["sw", "laps", "run"], as: StopwatchLapsResult.self).laps
            #expect(laps.map(\.number) == [1, 2, 3])
            #expect(laps.map(\.note) == ["first", "second, with a comma", "third \"quoted\""])
            #expect(laps[2].totalNs > laps[1].totalNs && laps[1].totalNs > laps[0].totalNs)
            let csv = try kit.kitctl(["sw", "export", "run", "--csv"])
            let records = try CSV.parse(csv.stdout)
            #expect(records.count == 4 && records[0].fields.first == "number")
            #expect(records[2].fields[5] == "second, with a comma" && records[3].fields[5] == "third \"quoted\"")
            #expect(abs((Double(records[3].fields[4]) ?? 0) - laps[2].totalNs.seconds) < 1e-6)
        }

        @Test("the still-running notice reaches dunst, and its Stop button stops the stopwatch")
        func noticeAndStopButton() throws {
            let script = try TemporaryDirectory(prefix: "kit-dmenu")
            defer { script.remove() }
            let dmenu = script.path + "/pick-stop"
            try "#!/bin/sh\ngrep -m1 -i 'stop'\n".write(toFile: dmenu, atomically: true, encoding: .utf8)
            chmod(dmenu, 0o755)
            let kit = try KitdHarness(desktop: try DesktopSession(dmenuScript: dmenu))
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try kit.connect()
            _ = try connection.call(
                Method.eventsSubscribe, SubscribeParams(events: ["stopwatch.*", "notification.*"]))
            _ = try kit.kitctl(["sw", "new", "forgotten", "--start", "--remind-after", "1s"])
            var reminded = false
            var shown = false
            let deadline = ContinuousClock.now + .seconds(10)
            while !(reminded && shown) && ContinuousClock.now < deadline {
                guard let event = try connection.nextEvent(timeout: .milliseconds(200)) else { continue }
                if event.name == Event.stopwatchReminded { reminded = true }
                if event.name == Event.notificationShown { shown = true }
            }
            #expect(reminded && shown)
            let context = try kit.desktop!.openContextMenu()
            #expect(context.exitCode == 0, "\(context)")
            var stoppedEvent = false
            let stopDeadline = ContinuousClock.now + .seconds(10)
            while !stoppedEvent && ContinuousClock.now < stopDeadline {
                guard let event = try connection.nextEvent(timeout: .milliseconds(200)) else { continue }
                if event.name == Event.stopwatchStopped { stoppedEvent = true }
            }
            #expect(stoppedEvent)
            #expect(
                try kit.kitctlJSON(["sw", "show", "forgotten"], as: StopwatchLapsResult.self).stopwatch.state.rawValue
                    == "stopped")
            let popup = try #require(try kit.desktop!.waitForNotification(summaryContaining: "forgotten"))
            #expect(popup.summary == "forgotten is still running" && popup.body.contains("Running for"))
            #expect(kit.desktop!.notifyCalls().contains { $0.contains("array [ string \"stop\" string \"Stop\" ]") })
        }

        @Test("with 1,000 stopwatches, `kitctl sw list` lists them all")
        func thousandStopwatches() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try kit.connect()
            var batch = Data()
            for index in 0..<1000 {
                batch.append(
                    try WireCodec.line(
                        RequestEnvelope(
                            id: .number(Int64(index)), method: Method.stopwatchCreate.name,
                            params: StopwatchCreateParams(name: "sw-\(index)", start: index % 10 == 0)),
                        with: WireCodec.encoder()))
            }
            try connection.send(batch)
            for _ in 0..<1000 { _ = try connection.readLine(timeout: .seconds(30)) }
            let listed = try kit.kitctl(["sw", "list"])
            #expect(listed.exitCode == 0)
            let rows = listed.stdout.split(separator: "\n").dropFirst()
            #expect(rows.count == 1000)
            #expect(
                rows.prefix(100).allSatisfy { $0.contains("running") }
                    && rows.dropFirst(100).allSatisfy { $0.contains("stopped") })
            #expect(
                Set(rows.compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first })
                    .count == 1000)
        }

        @Test("bad names, duplicate names, wrong states: a clear message and nothing changed")
        func badInput() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["sw", "new", "focus"]).exitCode == 0)
            let duplicate = try kit.kitctl(["sw", "new", "FOCUS"])
            #expect(duplicate.exitCode == 2 && duplicate.stderr.contains("names are unique"))
            let stopStopped = try kit.kitctl(["sw", "stop", "focus"])
            #expect(stopStopped.exitCode == 2 && stopStopped.stderr.contains("already stopped"))
            let lap = try kit.kitctl(["sw", "lap", "focus"])
            #expect(lap.exitCode == 2 && lap.stderr.contains("never started"))
            for name in ["", "   ", "\u{7}\u{8}", String(repeating: "n", count: 201)] {
                let result = try kit.kitctl(["sw", "new", name])
                #expect(result.exitCode == 2, "\(name.debugDescription): \(result)")
            }
            let list = try kit.kitctlJSON(["sw", "list"], as: StopwatchListResult.self)
            #expect(list.stopwatches.map(\.name) == ["focus"] && list.stopwatches[0].laps == 0)
        }
    }
}
