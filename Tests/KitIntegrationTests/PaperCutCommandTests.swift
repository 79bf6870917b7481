import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// What a new user tripped over in kitctl (issue 34), through the real binaries.
    @Suite("kitctl's paper cuts")
    struct PaperCutCommandTests {
        @Test("task snooze reads a title of several words, then how long, as task done reads the title")
        func snoozeTitle() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["task", "add", "take out the bins", "--due", "in 1s"])
            _ = try kit.kitctl(["task", "add", "water the plants", "--due", "in 1s"])
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    (try? kit.kitctlJSON(["task", "show", "water the plants"], as: TaskInfo.self).overdue) == true
                })
            let snoozed = try kit.kitctl(["task", "snooze", "take", "out", "the", "bins", "10m"])
            #expect(snoozed.exitCode == 0 && snoozed.stdout.hasPrefix("Snoozed take out the bins until"), "\(snoozed)")
            let forOption = try kit.kitctl(["task", "snooze", "water", "the", "plants", "--for", "1h"])
            #expect(forOption.exitCode == 0 && forOption.stdout.hasPrefix("Snoozed water the plants"), "\(forOption)")
            let tasks = try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks
            #expect(tasks.allSatisfy { $0.snoozedUntil != nil }, "\(tasks)")
        }

        @Test("task export writes iCalendar without --ics; ramen fav list; ramen set --add-step; a long cook is noted")
        func smallOnes() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["task", "add", "pay rent", "--due", "in 2h"])
            let export = try kit.kitctl(["task", "export"])
            #expect(export.exitCode == 0 && export.stdout.hasPrefix("BEGIN:VCALENDAR"), "\(export)")
            #expect(try kit.kitctl(["ramen", "fav", "add", "신라면"]).exitCode == 0)
            let favourites = try kit.kitctl(["ramen", "fav", "list"])
            #expect(favourites.exitCode == 0 && favourites.stdout.contains("신라면 (Shin Ramyun)"), "\(favourites)")
            let before = try kit.kitctlJSON(["ramen", "show", "신라면"], as: RamenInfo.self).steps
            _ = try kit.kitctl(["ramen", "set", "신라면", "--add-step", "1분 남음: 계란"])
            let after = try kit.kitctlJSON(["ramen", "show", "신라면"], as: RamenInfo.self).steps
            #expect(after == before + [try RamenStep.parse("1:00 left: 계란")])
            _ = try kit.kitctl(["ramen", "add", "quick test", "--time", "1s"])
            let waited = try kit.kitctl(["ramen", "cook", "quick test", "--wait"], timeout: .seconds(20))
            #expect(
                waited.exitCode == 0 && waited.stdout.components(separatedBy: "left, due at").count == 2, "\(waited)")
            let typo = try kit.kitctl(["ramen", "list", "신란면"])
            #expect(typo.stdout.hasPrefix("No ramen matches '신란면'; did you mean 신라면 (Shin Ramyun)"), "\(typo)")
            let long = try kit.kitctl(["ramen", "cook", "신라면", "--time", "2h"])
            #expect(long.exitCode == 0 && long.stderr.contains("note: 2h is long for ramen"), "\(long)")
            let usual = try kit.kitctl(["ramen", "cook", "신라면"])
            #expect(usual.exitCode == 0 && !usual.stderr.contains("note:"), "\(usual)")
            #expect(usual.stdout.contains("named 신라면 (2): another is cooking"), "\(usual)")
        }

        @Test(
            "agenda shows the next seven days from today, all-day items first; a month as DATE is its grid; a bad date is said once"
        )
        func agenda() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["task", "add", "early call", "--due", "tomorrow 07:00"])
            _ = try kit.kitctl(["task", "add", "bin day", "--due", "tomorrow"])
            let week = try kit.kitctl(["agenda"])
            let lines = week.stdout.split(separator: "\n").map(String.init)
            #expect(week.exitCode == 0 && lines.first?.hasSuffix("(today)") == true, "\(week)")
            #expect(lines.filter { !$0.hasPrefix("  ") }.count == 7, "\(week)")
            let binDay = try #require(lines.firstIndex { $0.contains("bin day") })
            let earlyCall = try #require(lines.firstIndex { $0.contains("early call") })
            #expect(binDay < earlyCall && lines[binDay].contains("all day"), "\(week)")
            let grid = try kit.kitctl(["agenda", "2026-12"])
            #expect(grid.exitCode == 0 && grid.stdout.contains("December 2026"), "\(grid)")
            let bad = try kit.kitctl(["agenda", "soon"])
            #expect(
                bad.exitCode == 1
                    && bad.stderr
                        == "kitctl: cannot read 'soon' as a date: write a day, 2026-11-25 (also 2026.11.25, tomorrow, 내일), or a month, 2026-11\n",
                "\(bad)")
            let missing = try kit.kitctl(["agenda", "2026-02-30"])
            #expect(missing.exitCode == 1 && missing.stderr.contains("2026-02 has 28 days"), "\(missing)")
        }

        @Test(
            "the editor's temporary file goes when kitctl is ended by SIGTERM, and one a killed kitctl left goes at the next edit"
        )
        func editorTemporaryFile() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let temporary = try kit.root.subdirectory("tmp")
            kit.extraEnvironment["TMPDIR"] = temporary
            let editor = try FakeEditor(in: kit.root)
            let started = kit.root.path + "/editor-started"
            kit.extraEnvironment["EDITOR"] = try editor.script("echo $$ > '\(started)'; exec sleep 30")
            try kit.startKitd()
            // What a kitctl killed with -9 leaves: a file of a process that no longer runs.
            let stale = temporary + "/kitctl-999999-abcdef.md"
            try "left behind".write(toFile: stale, atomically: true, encoding: .utf8)
            let terminal = try PseudoTerminal()
            let child = try Subprocess(
                Binaries.kitctl, ["memo", "add"], environment: kit.environment, outputDirectory: kit.root.path,
                name: "editing", stdinPath: terminal.slavePath)
            defer {
                child.signal(SIGKILL)
                // The editor outlives the kitctl that started it; the test stops it.
                let editorPID = (try? String(contentsOfFile: started, encoding: .utf8)).flatMap {
                    pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                if let editorPID { kill(editorPID, SIGKILL) }
            }
            let own = { (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] }
            #expect(Subprocess.waitUntil { FileManager.default.fileExists(atPath: started) })
            #expect(own().contains { $0.hasPrefix("kitctl-\(child.pid)-") }, "\(own())")
            #expect(!FileManager.default.fileExists(atPath: stale), "the stale file goes when an edit starts")
            child.signal(SIGTERM)
            #expect(child.wait(timeout: .seconds(10)) == 128 + SIGTERM)
            #expect(own().isEmpty, "\(own())")
        }

        @Test(
            "task delete, task done and timer cancel take several REFs; one that fails is reported, the others done, and without kitd only once"
        )
        func severalRefs() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            for title in ["a", "b", "c"] { _ = try kit.kitctl(["task", "add", title, "--due", "in 2h"]) }
            let deleted = try kit.kitctl(["task", "delete", "1", "2"])
            #expect(deleted.exitCode == 0 && deleted.stdout == "Deleted task 1\nDeleted task 2\n", "\(deleted)")
            let partly = try kit.kitctl(["task", "done", "3", "99"])
            #expect(partly.exitCode == 2 && partly.stdout.hasPrefix("Done: c"), "\(partly)")
            #expect(partly.stderr.contains("kitctl: 99: no task with id 99"), "\(partly)")
            for name in ["tea", "pasta"] { _ = try kit.kitctl(["timer", "start", "1h", "--name", name]) }
            let cancelled = try kit.kitctl(["timer", "cancel", "tea", "pasta"])
            #expect(cancelled.exitCode == 0, "\(cancelled)")
            #expect(try kit.kitctlJSON(["timer", "list"], as: TimerListResult.self).timers.isEmpty)
            // Without kitd, the first REF says so and the others are not tried.
            #expect(kit.stopKitd() == 0)
            let down = try kit.kitctl(["task", "done", "1", "2", "3"])
            let lines = down.stderr.split(separator: "\n")
            #expect(down.exitCode == 1 && lines.count == 1, "\(down)")
            #expect(lines.first?.hasPrefix("kitctl: kitd is not running") == true, "\(down)")
        }
    }
}
