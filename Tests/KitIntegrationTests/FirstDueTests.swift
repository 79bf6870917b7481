import Foundation
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    /// A repeat and its first due agree (issue 42): a task is never due on a day its rule does
    /// not name.
    @Suite("The first due of a repeating task")
    struct FirstDueTests {
        @Test("a weekly rule from a day outside it starts on the rule's first day after it, and the reply says so")
        func weeklyFromAnotherDay() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            // 2037-12-10 is a Thursday
            let added = try kit.kitctl([
                "task", "add", "standup", "--due", "2037-12-10 09:00", "--repeat", "weekly on tue",
            ])
            #expect(added.exitCode == 0, "\(added)")
            #expect(
                added.stderr.contains("note: 2037-12-10 09:00 is not a day of 'weekly on tue'; the first due is "),
                "\(added)")
            let task = try kit.kitctlJSON(["task", "show", "standup"], as: TaskInfo.self)
            #expect(task.dueLocal == "2037-12-15T09:00:00" && task.dueMovedFrom == nil)

            let json = try kit.kitctlJSON(
                ["task", "add", "review", "--due", "2037-12-10 09:00", "--repeat", "매주 화요일"], as: TaskInfo.self)
            #expect(json.dueLocal == "2037-12-15T09:00:00" && json.dueMovedFrom == "2037-12-10T09:00:00")

            // A day the rule holds stays, and says nothing
            let held = try kit.kitctl(["task", "add", "gym", "--due", "2037-12-15 18:00", "--repeat", "weekly on tue"])
            #expect(held.exitCode == 0 && !held.stderr.contains("note:"), "\(held)")
            #expect(try kit.kitctlJSON(["task", "show", "gym"], as: TaskInfo.self).dueLocal == "2037-12-15T18:00:00")

            // An edit to a rule that leaves the due day out moves it too
            let edited = try kit.kitctl(["task", "edit", "gym", "--repeat", "weekly on fri"])
            #expect(edited.exitCode == 0 && edited.stderr.contains("is not a day of 'weekly on fri'"), "\(edited)")
            #expect(try kit.kitctlJSON(["task", "show", "gym"], as: TaskInfo.self).dueLocal == "2037-12-18T18:00:00")

            // Every listed occurrence is a day of the rule
            let agenda = try kit.kitctlJSON(["agenda", "2037-12-14", "--week"], as: TaskAgendaResult.self)
            let days = try (agenda.items ?? []).filter { $0.title == "standup" }.map {
                CivilDateTime(try #require(Timestamp.parse($0.dueAt)), in: FixedOffset.utc).date.weekday
            }
            #expect(days == [.tuesday])
        }
    }
}
