import Foundation
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// `kitctl today` (issue 42): one view of what runs and what is due today.
    @Suite("kitctl today")
    struct TodayTests {
        @Test(
            "today lists the timers with time left, the running stopwatches and today's tasks, overdue and snoozed ones too, in table and JSON, and in Korean"
        )
        func today() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let empty = try kit.kitctl(["today"])
            #expect(empty.exitCode == 0 && empty.stdout.contains("Nothing runs, and nothing is due today."), "\(empty)")

            #expect(try kit.kitctl(["timer", "start", "10m", "--name", "tea"]).exitCode == 0)
            #expect(try kit.kitctl(["timer", "start", "5m", "--name", "eggs"]).exitCode == 0)
            #expect(try kit.kitctl(["timer", "pause", "eggs"]).exitCode == 0)
            #expect(try kit.kitctl(["timer", "start", "1h", "--name", "gone"]).exitCode == 0)
            #expect(try kit.kitctl(["timer", "cancel", "gone"]).exitCode == 0)
            #expect(try kit.kitctl(["sw", "new", "run", "--start"]).exitCode == 0)
            #expect(try kit.kitctl(["sw", "new", "idle"]).exitCode == 0)
            #expect(try kit.kitctl(["task", "add", "stretch", "--due", "in 1s"]).exitCode == 0)
            #expect(try kit.kitctl(["task", "add", "water", "--due", "in 1s"]).exitCode == 0)
            #expect(try kit.kitctl(["task", "add", "dentist", "--due", "in 3d"]).exitCode == 0)
            #expect(
                Subprocess.waitUntil(timeout: .seconds(10)) {
                    (try? kit.kitctlJSON(["task", "show", "water"], as: TaskInfo.self).overdue) == true
                })
            #expect(try kit.kitctl(["task", "snooze", "water", "--for", "10m"]).exitCode == 0)

            let json = try kit.kitctlJSON(["today"], as: TodayResult.self)
            #expect(json.timers.map(\.name) == ["tea", "eggs"])
            #expect(json.timers.map(\.state) == [.running, .paused])
            #expect(json.stopwatches.map(\.name) == ["run"])
            #expect(Set(json.tasks.map(\.title)) == ["stretch", "water"])
            #expect(json.tasks.first { $0.title == "stretch" }?.overdue == true)
            #expect(json.tasks.first { $0.title == "water" }?.snoozedUntil != nil)
            #expect(json.truncated == nil)

            let table = try kit.kitctl(["today"])
            #expect(table.exitCode == 0, "\(table)")
            for expected in ["Timers", "tea", "eggs", "Stopwatches", "run", "Tasks", "stretch", "OVERDUE", "snoozed"] {
                #expect(table.stdout.contains(expected), "\(expected) in \(table.stdout)")
            }
            for absent in ["gone", "idle", "dentist"] {
                #expect(!table.stdout.contains(absent), "\(absent) in \(table.stdout)")
            }

            try kit.useLocale("ko_KR.UTF-8")
            let korean = try kit.kitctl(["today"])
            for expected in ["오늘, ", "타이머", "스톱워치", "할 일", "미룸"] {
                #expect(korean.stdout.contains(expected), "\(expected) in \(korean.stdout)")
            }
        }
    }
}
