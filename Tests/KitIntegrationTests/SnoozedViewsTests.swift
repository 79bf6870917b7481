import Foundation
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// The agenda tells the truth (issue 42): every view says what `task show` says of a task.
    @Suite("A snoozed task in every view")
    struct SnoozedViewsTests {
        @Test("a snoozed task shows as snoozed until its time in the agenda, the bar, status and task list")
        func snoozedEverywhere() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["task", "add", "stretch", "--due", "in 1s"]).exitCode == 0)
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    (try? kit.kitctlJSON(["task", "show", "stretch"], as: TaskInfo.self).overdue) == true
                })
            let overdueAgenda = try kit.kitctl(["agenda", "--day"])
            #expect(overdueAgenda.stdout.contains("stretch  (overdue)"), "\(overdueAgenda)")

            // When it is snoozed for ten minutes
            #expect(try kit.kitctl(["task", "snooze", "stretch", "--for", "10m"]).exitCode == 0)
            let task = try kit.kitctlJSON(["task", "show", "stretch"], as: TaskInfo.self)
            let until = try #require(task.snoozedUntil)
            #expect(!task.overdue)

            // Then the agenda says so, not "(overdue)"
            let agenda = try kit.kitctl(["agenda", "--day"])
            #expect(agenda.exitCode == 0 && agenda.stdout.contains("stretch  (snoozed until "), "\(agenda)")
            #expect(!agenda.stdout.contains("overdue"), "\(agenda)")
            let json = try kit.kitctlJSON(["agenda", "--day"], as: TaskAgendaResult.self)
            let item = try #require(json.items?.first { $0.title == "stretch" })
            #expect(!item.overdue && item.snoozedUntil == until)
            let month = try kit.kitctlJSON(["agenda", "--month"], as: TaskAgendaResult.self)
            #expect(month.days?.allSatisfy { $0.overdue == 0 } == true, "\(String(describing: month.days))")

            // The bar's line and status: not overdue, the next task comes back when the snooze ends
            let line = try kit.kitctl(["status", "--format", "{task} / {overdue}"])
            #expect(line.stdout.hasPrefix("stretch snoozed until ") && line.stdout.contains(" / 0"), "\(line)")
            let status = try kit.kitctl(["status"])
            #expect(status.stdout.contains("1 open, 0 overdue; next: stretch, snoozed until "), "\(status)")
            let bar = try Subprocess(
                Binaries.kitctl, ["bar"], environment: kit.environment, outputDirectory: kit.root.path, name: "bar")
            defer { bar.stop() }
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) { bar.stdout.contains("next: stretch snoozed until ") },
                "\(bar.stdout)")
            #expect(!bar.stdout.contains("overdue"), "\(bar.stdout)")

            // And task list says snoozed, as task show does
            let list = try kit.kitctl(["task", "list"])
            #expect(list.stdout.contains("snoozed") && !list.stdout.contains("OVERDUE"), "\(list)")
        }
    }
}
