import Foundation
import KitCalendar
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    /// Events keep their length and place (issue 42): DTEND and LOCATION through import, show,
    /// the agenda, the popup, export and the vdir.
    @Suite("An event's length and place")
    struct EventLengthTests {
        @Test(
            "an event with DTEND and LOCATION keeps both through import, show, agenda, popup, export and its vdir file")
        func lengthAndPlace() throws {
            let desktop = try DesktopSession()
            let kit = try KitdHarness(desktop: desktop)
            defer { kit.tearDown() }
            let vdir = kit.root.path + "/vdir/tasks"
            try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
            let config = kit.root.path + "/config.toml"
            try "[vdir]\ntasks = \"\(vdir)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])

            // Given a meeting from another calendar, starting in 3 s and an hour long
            let start = Date().addingTimeInterval(3)
            let stamp = { (date: Date) -> String in
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
                return formatter.string(from: date)
            }
            let file = kit.root.path + "/meeting.ics"
            try """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Example//Phone//EN
            BEGIN:VEVENT
            UID:weekly-1@example.com
            DTSTAMP:20261101T000000Z
            DTSTART:\(stamp(start))
            DTEND:\(stamp(start.addingTimeInterval(3600)))
            SUMMARY:주간 회의
            LOCATION:3층 대회의실
            END:VEVENT
            END:VCALENDAR

            """.write(toFile: file, atomically: true, encoding: .utf8)
            let imported = try kit.kitctl(["task", "import", file])
            #expect(imported.exitCode == 0 && !imported.stdout.contains("skipped"), "\(imported)")

            // Then show says when it runs and where
            let task = try kit.kitctlJSON(["task", "show", "주간 회의"], as: TaskInfo.self)
            let due = try #require(Timestamp.parse(task.dueAt))
            let end = try #require(task.endAt.flatMap(Timestamp.parse))
            #expect(end - due == 3600 * Nanoseconds.second && task.location == "3층 대회의실")
            let shown = try kit.kitctl(["task", "show", "주간 회의"])
            #expect(shown.stdout.contains("where:") && shown.stdout.contains("3층 대회의실"), "\(shown)")
            #expect(shown.stdout.contains("when:") && shown.stdout.contains("–"), "\(shown)")

            // The agenda draws a time range, and the place
            let agenda = try kit.kitctl(["agenda", "--day"])
            let line = agenda.stdout.split(separator: "\n").first { $0.contains("주간 회의") }.map(String.init) ?? ""
            #expect(line.contains("–") && line.hasSuffix("· 3층 대회의실"), "\(agenda.stdout)")
            let json = try kit.kitctlJSON(["agenda", "--day"], as: TaskAgendaResult.self)
            #expect(json.items?.first?.endAt == task.endAt && json.items?.first?.location == "3층 대회의실")

            // The popup says it too
            let popup = try #require(try desktop.waitForNotification(summaryContaining: "Due: 주간 회의"))
            #expect(popup.body.hasPrefix(String(task.dueAt.dropFirst(11).prefix(5))), "\(popup.body)")
            #expect(popup.body.contains("–") && popup.body.contains(" · 3층 대회의실"), "\(popup.body)")

            // Export writes it back as an event, with its end and place
            let exported = kit.root.path + "/out.ics"
            #expect(try kit.kitctl(["task", "export", "--ics", exported]).exitCode == 0)
            let text = try String(contentsOfFile: exported, encoding: .utf8)
            #expect(text.contains("BEGIN:VEVENT") && text.contains("DTEND:") && text.contains("LOCATION:3층 대회의실"))
            #expect(!text.contains("DUE:") && !text.contains("BEGIN:VTODO"), "\(text)")
            let back = try #require(try ICalendarReader.read(text).tasks.first?.task)
            #expect(back.location == "3층 대회의실")
            #expect(back.end.flatMap { back.due?.civilSeconds(to: $0) } == 3600)

            // And its vdir file, whose end moves with its due
            let written = VdirTests.file(vdir, uid: "weekly-1@example.com") { $0?.location != nil }
            #expect(written?.location == "3층 대회의실" && written?.end != nil)
            #expect(try kit.kitctl(["task", "edit", "주간 회의", "--due", "2030-01-10 14:00"]).exitCode == 0)
            // (The times came in UTC, so the task is pinned to UTC, and written in UTC.)
            let newStart = try #require(Timestamp.parse("2030-01-10T14:00:00Z"))
            let moved = VdirTests.file(vdir, uid: "weekly-1@example.com") { $0?.due == .utc(newStart) }
            #expect(moved?.end == .utc(newStart + 3600 * Nanoseconds.second), "\(String(describing: moved))")
        }
    }
}
