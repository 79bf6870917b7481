import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Tasks")
    struct TaskTests {
        /// A dmenu for dunst that picks the action whose label contains `label`, and keeps each
        /// menu it was offered in `offered` in its directory (for a test's failure message).
        static func dmenu(picking label: String) throws -> TemporaryDirectory {
            let script = try TemporaryDirectory(prefix: "kit-dmenu")
            try """
            #!/bin/sh
            input=$(cat)
            printf '%s\\n---\\n' "$input" >> '\(script.path)/offered'
            printf '%s\\n' "$input" | grep -m1 -i '\(label)'

            """.write(toFile: script.path + "/dmenu", atomically: true, encoding: .utf8)
            chmod(script.path + "/dmenu", 0o755)
            return script
        }

        /// The menus the dmenu of `dmenu(picking:)` in `script` was offered, for a failure message.
        static func offered(_ script: TemporaryDirectory) -> String {
            let menus = (try? String(contentsOfFile: script.path + "/offered", encoding: .utf8)) ?? ""
            return "menus offered: [\(menus)]"
        }

        /// Writes a config file into the harness's home and returns the kitd arguments that use it.
        static func config(_ kit: KitdHarness, _ text: String) throws -> [String] {
            let path = kit.root.path + "/config.toml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return ["--log-level", "debug", "--config", path]
        }

        /// Events from `connection` until `done` says stop or `timeout` passes.
        static func collect(
            _ connection: KitConnection, timeout: Duration, until done: ([IncomingEvent]) -> Bool
        ) throws -> [IncomingEvent] {
            var seen: [IncomingEvent] = []
            let deadline = ContinuousClock.now + timeout
            while !done(seen) && ContinuousClock.now < deadline {
                if let event = try connection.nextEvent(timeout: .milliseconds(200)) { seen.append(event) }
            }
            return seen
        }

        /// Stops collecting once an event named `name` came and a popup was shown after it.
        static func shown(after name: String) -> ([IncomingEvent]) -> Bool {
            { seen in
                guard let index = seen.firstIndex(where: { $0.name == name }) else { return false }
                return seen[index...].contains { $0.name == Event.notificationShown }
            }
        }

        static func subscribe(_ kit: KitdHarness, _ filters: [String] = ["task.*", "notification.*"]) throws
            -> KitConnection
        {
            let connection = try kit.connect()
            _ = try connection.call(Method.eventsSubscribe, SubscribeParams(events: filters))
            return connection
        }

        @Test("a task due in 2 s pops up on time with its note, and carries Done and Snooze buttons")
        func dueInTwoSeconds() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try Self.subscribe(kit)
            let added = try kit.kitctl(["task", "add", "take out the bins", "--due", "in 2s", "--note", "the blue one"])
            #expect(added.exitCode == 0, "\(added)")
            let events = try Self.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.taskDue }
            }
            let due = try #require(events.first { $0.name == Event.taskDue }).decode(TaskFireEvent.self)
            #expect(!due.late && due.task.title == "take out the bins")
            #expect(due.latenessNs >= 0 && due.latenessNs < Nanoseconds.second, "lateness \(due.latenessNs) ns")
            let popup = try #require(try kit.desktop!.waitForNotification(summaryContaining: "Due: take out the bins"))
            #expect(popup.summary == "Due: take out the bins" && popup.body.contains("the blue one"))
            let call = kit.desktop!.notifyCalls().first { $0.contains("Due: take out the bins") } ?? ""
            #expect(call.contains("string \"done\" string \"Done\"") && call.contains("string \"snooze\""), "\(call)")
            #expect(try kit.kitctlJSON(["task", "show", "take out the bins"], as: TaskInfo.self).overdue)
        }

        @Test("pressing Done on the popup through dunst marks the task done in kitd")
        func doneButton() throws {
            let script = try Self.dmenu(picking: "done")
            defer { script.remove() }
            let kit = try KitdHarness(desktop: try DesktopSession(dmenuScript: script.path + "/dmenu"))
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try Self.subscribe(kit)
            #expect(try kit.kitctl(["task", "add", "water the plants", "--due", "in 1s"]).exitCode == 0)
            let shown = try Self.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.notificationShown }
            }
            #expect(shown.contains { $0.name == Event.taskDue })
            let context = try kit.desktop!.openContextMenu()
            #expect(context.exitCode == 0, "\(context)")
            let after = try Self.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.taskDone }
            }
            #expect(after.contains { $0.name == Event.taskDone }, "\(Self.offered(script))")
            let task = try kit.kitctlJSON(["task", "show", "water the plants"], as: TaskInfo.self)
            #expect(task.state == .done && task.doneAt != nil)
        }

        @Test("pressing Snooze on the popup brings it back after the configured snooze")
        func snoozeButton() throws {
            let script = try Self.dmenu(picking: "snooze")
            defer { script.remove() }
            let kit = try KitdHarness(desktop: try DesktopSession(dmenuScript: script.path + "/dmenu"))
            defer { kit.tearDown() }
            try kit.startKitd(arguments: try Self.config(kit, "[tasks]\nsnooze = \"2s\"\n"))
            let connection = try Self.subscribe(kit)
            #expect(try kit.kitctl(["task", "add", "stretch", "--due", "in 1s"]).exitCode == 0)
            let first = try Self.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.notificationShown }
            }
            let firstDue = try #require(first.first { $0.name == Event.taskDue }).decode(TaskFireEvent.self)
            #expect(try kit.desktop!.openContextMenu().exitCode == 0)
            let again = try Self.collect(connection, timeout: .seconds(10), until: Self.shown(after: Event.taskDue))
            let snoozed = try #require(again.first { $0.name == Event.taskChanged }, "\(Self.offered(script))")
                .decode(TaskEvent.self)
            #expect(snoozed.change == .snoozed && snoozed.task.snoozedUntil != nil)
            let secondDue = try #require(again.first { $0.name == Event.taskDue }).decode(TaskFireEvent.self)
            let gap =
                try #require(Timestamp.parse(secondDue.firedAt)) - (try #require(Timestamp.parse(firstDue.firedAt)))
            #expect(gap >= 2 * Nanoseconds.second && gap < 8 * Nanoseconds.second, "re-fired \(gap.seconds) s later")
            #expect(secondDue.scheduledAt == snoozed.task.snoozedUntil)
            // The second popup replaces the first on screen; the bus shows both were sent.
            let calls = kit.desktop!.notifyCalls().filter { $0.contains("string \"Due: stretch\"") }
            #expect(calls.count == 2, "\(calls)")
        }

        @Test("a pre-alert fires as its own popup before the due popup")
        func preAlert() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try Self.subscribe(kit)
            #expect(try kit.kitctl(["task", "add", "call mum", "--due", "in 3s", "--remind", "2s"]).exitCode == 0)
            let events = try Self.collect(connection, timeout: .seconds(10), until: Self.shown(after: Event.taskDue))
            let names = events.map(\.name).filter { $0 == Event.taskAlert || $0 == Event.taskDue }
            #expect(names == [Event.taskAlert, Event.taskDue])
            let alert = try #require(events.first { $0.name == Event.taskAlert }).decode(TaskFireEvent.self)
            #expect(alert.beforeNs == 2_000_000_000 && !alert.late)
            let summaries = try kit.desktop!.notifications().map(\.summary)
            #expect(summaries == ["Soon: call mum", "Due: call mum"])
        }

        @Test("with no notification server the due popup is still recorded as fired, and nothing crashes")
        func noServer() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let connection = try Self.subscribe(kit, ["task.*"])
            #expect(try kit.kitctl(["task", "add", "headless", "--due", "in 1s"]).exitCode == 0)
            let events = try Self.collect(connection, timeout: .seconds(10)) {
                $0.contains { $0.name == Event.taskDue }
            }
            #expect(events.contains { $0.name == Event.taskDue })
            #expect(kit.kitd?.isRunning == true)
        }

        @Test("done on a repeating task moves it to the next occurrence, and undo brings it back")
        func repeatingDoneAndUndo() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(
                try kit.kitctl(["task", "add", "standup", "--due", "2030-01-07 10:00", "--repeat", "weekdays"]).exitCode
                    == 0)
            let done = try kit.kitctlJSON(["task", "done", "standup"], as: TaskInfo.self)
            #expect(done.state == .open && done.dueLocal == "2030-01-08T10:00:00" && done.repeatText == "weekdays")
            let listed = try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self)
            #expect(listed.tasks.count == 1, "a done occurrence never duplicates the task")
            let undone = try kit.kitctlJSON(["task", "undo", "standup"], as: TaskInfo.self)
            #expect(undone.dueLocal == "2030-01-07T10:00:00")
            let twice = try kit.kitctl(["task", "undo", "standup"])
            #expect(twice.exitCode == 2 && twice.stderr.contains("no done to undo"))
        }

        @Test(
            "a 'monthly' task added on the 15th is stored in its normal form and still moves to the month's end after a restart"
        )
        func monthlyKeepsItsMonthEnd() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let added = try kit.kitctlJSON(
                ["task", "add", "rent", "--due", "2030-01-15 09:00", "--repeat", "monthly"], as: TaskInfo.self)
            #expect(added.repeatRule == "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD" && added.repeatText == "monthly")
            #expect(kit.stopKitd(signal: SIGKILL) == 128 + SIGKILL)
            try kit.startKitd()
            let moved = try kit.kitctlJSON(["task", "edit", "rent", "--due", "2030-01-31 09:00"], as: TaskInfo.self)
            #expect(moved.repeatRule == added.repeatRule)
            let done = try kit.kitctlJSON(["task", "done", "rent"], as: TaskInfo.self)
            #expect(done.dueLocal == "2030-02-28T09:00:00", "\(done)")
        }

        @Test("bad input: a clear message, a nonzero exit, and nothing changed")
        func badInput() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["task", "add", "keep", "--due", "2030-05-01 09:00"]).exitCode == 0)
            let before = try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self)

            let unreadable = try kit.kitctl(["task", "add", "x", "--due", "next blursday"])
            #expect(unreadable.exitCode == 1 && unreadable.stderr.contains("'next blursday'"))
            #expect(unreadable.stderr.contains("tomorrow 9:00"), "shows an accepted example: \(unreadable.stderr)")
            let passed = try kit.kitctl(["task", "add", "x", "--due", "00:00"])
            #expect(passed.exitCode != 0 && passed.stderr.contains("tomorrow 00:00"), "\(passed)")
            let never = try kit.kitctl([
                "task", "add", "x", "--due", "2030-01-01 09:00", "--repeat", "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2",
            ])
            #expect(never.exitCode != 0 && never.stderr.contains("never occurs"), "\(never)")
            let badRule = try kit.kitctl([
                "task", "add", "x", "--due", "2030-01-01 09:00", "--repeat", "fortnightly-ish",
            ])
            #expect(badRule.exitCode != 0 && badRule.stderr.contains("weekdays"), "\(badRule)")
            for date in ["2026-02-30 10:00", "2026-13-01 10:00", "99999-01-01 10:00", "2026-11-25 25:00"] {
                let result = try kit.kitctl(["task", "add", "x", "--due", date])
                #expect(result.exitCode != 0 && !result.stderr.isEmpty, "\(date): \(result)")
            }
            let zone = try kit.kitctl(["task", "add", "x", "--due", "2030-01-01 09:00", "--tz", "Mars/Olympus"])
            #expect(zone.exitCode != 0 && zone.stderr.contains("Mars/Olympus"), "\(zone)")
            let remind = try kit.kitctl(["task", "add", "x", "--due", "2030-01-01 09:00", "--remind", "soonish"])
            #expect(remind.exitCode != 0, "\(remind)")

            #expect(try kit.kitctl(["task", "add", "finished", "--due", "2030-05-02 09:00"]).exitCode == 0)
            #expect(try kit.kitctl(["task", "done", "finished"]).exitCode == 0)
            let snoozeDone = try kit.kitctl(["task", "snooze", "finished", "10m"])
            #expect(snoozeDone.exitCode == 2 && snoozeDone.stderr.contains("done"), "\(snoozeDone)")
            let missing = try kit.kitctl(["task", "done", "no such task"])
            #expect(missing.exitCode == 2, "\(missing)")

            let digits = try kit.kitctl(["task", "add", "1984", "--due", "2030-01-01 09:00"])
            #expect(digits.exitCode == 2 && digits.stderr.contains("read 1984"), "\(digits)")
            let emptyEdit = try kit.kitctl(["task", "edit", "keep"])
            #expect(emptyEdit.exitCode != 0 && emptyEdit.stderr.contains("nothing to change"), "\(emptyEdit)")

            let after = try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self)
            #expect(after.tasks.filter { $0.title != "finished" } == before.tasks)
        }

        @Test("a config file named with --config must exist, and a bad value stops kitd with the file and key")
        func configFile() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let missing = try Subprocess.run(
                Binaries.kitd, ["--config", kit.root.path + "/no-such.toml"], environment: kit.environment,
                outputDirectory: kit.root.path, timeout: .seconds(20))
            #expect(missing.exitCode == 1 && missing.stderr.contains("no-such.toml"), "\(missing)")
            let bad = try Self.config(kit, "[tasks]\nsnooze = \"0.5s\"\n")
            let refused = try Subprocess.run(
                Binaries.kitd, bad, environment: kit.environment, outputDirectory: kit.root.path, timeout: .seconds(20))
            #expect(refused.exitCode == 1 && refused.stderr.contains("tasks.snooze"), "\(refused)")
        }

        @Test("a pinned zone keeps a task's local time; DST gaps and overlaps resolve as documented")
        func zonesAndDST() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            kit.extraEnvironment["TZ"] = "America/New_York"
            try kit.startKitd()
            // 02:30 does not exist on 2027-03-14 in New York: RFC 5545 reads it with the offset from
            // before the gap, 02:30 EST, which the clocks show as 03:30 EDT.
            let gap = try kit.kitctlJSON(["task", "add", "gap", "--due", "2027-03-14 02:30"], as: TaskInfo.self)
            #expect(gap.dueAt == "2027-03-14T07:30:00.000000Z" && gap.dueLocal == "2027-03-14T02:30:00")
            // 01:30 happens twice on 2027-11-07: the first of them, 01:30 EDT.
            let overlap = try kit.kitctlJSON(
                ["task", "add", "overlap", "--due", "2027-11-07 01:30"], as: TaskInfo.self)
            #expect(overlap.dueAt == "2027-11-07T05:30:00.000000Z")
            let seoul = try kit.kitctlJSON(
                ["task", "add", "seoul", "--due", "2027-03-14 09:00", "--tz", "Asia/Seoul"], as: TaskInfo.self)
            #expect(seoul.dueAt == "2027-03-14T00:00:00.000000Z" && seoul.zone == "Asia/Seoul")
            // A UTC offset New York does not have then is one instant: the task is pinned to it.
            let offset = try kit.kitctlJSON(
                ["task", "add", "call", "--due", "2027-01-05T18:00+09:00"], as: TaskInfo.self)
            #expect(offset.dueAt == "2027-01-05T09:00:00.000000Z" && offset.zone == "Etc/GMT-9", "\(offset)")
            #expect(offset.dueLocal == "2027-01-05T18:00:00")
            // New York's own offset then (-05:00): the task follows the system zone as usual.
            let own = try kit.kitctlJSON(
                ["task", "add", "own offset", "--due", "2027-01-05T18:00-05:00"], as: TaskInfo.self)
            #expect(own.dueAt == "2027-01-05T23:00:00.000000Z" && own.zone == nil, "\(own)")
            let daily = try kit.kitctlJSON(
                ["task", "add", "daily", "--due", "2027-03-13 02:30", "--repeat", "daily"], as: TaskInfo.self)
            var dues: [String] = [daily.dueAt]
            for _ in 0..<2 { dues.append(try kit.kitctlJSON(["task", "done", "daily"], as: TaskInfo.self).dueAt) }
            #expect(
                dues == ["2027-03-13T07:30:00.000000Z", "2027-03-14T07:30:00.000000Z", "2027-03-15T06:30:00.000000Z"])
        }
    }
}
