import Foundation
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

        @Test("task delete, task done and timer cancel take several REFs; one that fails is reported, the others done")
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
        }
    }
}
