import Foundation
import Glibc
import KitCalendar
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    @Suite("Changes made in the tasks' vdir from outside reach kitd")
    struct VdirOutsideTests {
        /// `2030-01-15T09:00:00Z` as iCalendar's `20300115T090000Z`.
        static func utc(_ date: Date) -> String {
            ICalendarText.utc(WallTime(nanoseconds: Int64(date.timeIntervalSince1970 * 1e9)))
        }

        /// One VTODO as another program writes it.
        static func todo(
            uid: String, title: String, due: String, modified: Date, sequence: Int = 0, status: String = "NEEDS-ACTION"
        ) -> String {
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//other program//EN", "BEGIN:VTODO", "UID:\(uid)",
                "DTSTAMP:\(utc(modified))", "LAST-MODIFIED:\(utc(modified))", "SEQUENCE:\(sequence)",
                "SUMMARY:\(title)", "DUE:\(due)", "STATUS:\(status)", "PRIORITY:5", "END:VTODO", "END:VCALENDAR", "",
            ].joined(separator: "\r\n")
        }

        /// Writes a file into the vdir the way vdirsyncer does: a hidden temporary file, renamed.
        static func put(_ text: String, _ vdir: String, _ name: String) throws {
            let temporary = vdir + "/.\(name).tmp"
            try text.write(toFile: temporary, atomically: false, encoding: .utf8)
            guard rename(temporary, vdir + "/" + name) == 0 else { throw HarnessError("rename failed: \(errno)") }
        }

        static func task(_ kit: KitdHarness, titled title: String) throws -> TaskInfo? {
            try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.first { $0.title == title }
        }

        /// Waits until `condition` holds of the task list, and returns whether it did.
        static func eventually(_ kit: KitdHarness, _ condition: ([TaskInfo]) -> Bool) throws -> Bool {
            try Subprocess.waitUntil(timeout: .seconds(10)) {
                condition(try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks)
            }
        }

        @Test("a task file written into the vdir becomes a task that fires at its due time")
        func newFileFires() throws {
            let (kit, vdir) = try VdirTests.kitd()
            defer { kit.tearDown() }
            let events = try kit.events(["task.*", "timer.*"])
            defer { events.stop() }
            try events.waitUntilSubscribed(socketOwner: kit)
            let due = Date(timeIntervalSinceNow: 3)
            try Self.put(
                Self.todo(uid: "phone-1@example.org", title: "take the bins out", due: Self.utc(due), modified: Date()),
                vdir, "phone-1.ics")
            #expect(try Self.eventually(kit) { $0.contains { $0.title == "take the bins out" && $0.state == .open } })
            let fired = events.waitFor(Event.taskDue, timeout: .seconds(15)) { $0.raw.contains("take the bins out") }
            #expect(fired != nil, "no task.due: \(events.process.stdout)")
            // The file is another program's: kit took it as it is, and did not write it in its own words.
            let text = try String(contentsOfFile: vdir + "/phone-1.ics", encoding: .utf8)
            #expect(text.contains("PRODID:-//test//other program//EN") && text.contains("PRIORITY:5"))
            #expect(!FileManager.default.fileExists(atPath: vdir + "/phone-1@example.org.ics"))
        }

        @Test("a due popup on screen goes away when its task is done with kitctl, or completed in its vdir file")
        func popupsWithdrawn() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            let vdir = try kit.root.subdirectory("vdir/tasks")
            let config = kit.root.path + "/config.toml"
            try "[vdir]\ntasks = \"\(vdir)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])
            let displayed = {
                Int(
                    try kit.desktop!.dunstctl(["count", "displayed"]).stdout.trimmingCharacters(
                        in: .whitespacesAndNewlines))
            }
            _ = try kit.kitctlJSON(["task", "add", "take out the bins", "--due", "in 1s"], as: TaskInfo.self)
            let plants = try kit.kitctlJSON(["task", "add", "water the plants", "--due", "in 1s"], as: TaskInfo.self)
            #expect(try Subprocess.waitUntil(timeout: .seconds(10)) { try displayed() == 2 })
            #expect(try kit.kitctl(["task", "done", "take out the bins"]).exitCode == 0)
            #expect(try Subprocess.waitUntil(timeout: .seconds(10)) { try displayed() == 1 })
            try Self.put(
                Self.todo(
                    uid: plants.uid, title: "water the plants", due: Self.utc(Date()),
                    modified: Date(timeIntervalSinceNow: 60), status: "COMPLETED"),
                vdir, plants.uid + ".ics")
            #expect(try Subprocess.waitUntil(timeout: .seconds(10)) { try displayed() == 0 })
            #expect(try Self.task(kit, titled: "water the plants")?.state == .done)
        }

        @Test(
            "a file changed from outside changes the task: a new title and due time, then done; a deleted file deletes it; kit's own writes are not read back"
        )
        func editsAndDeletes() throws {
            let (kit, vdir) = try VdirTests.kitd()
            defer { kit.tearDown() }
            let added = try kit.kitctlJSON(
                ["task", "add", "dentist", "--due", "2030-03-01 10:00", "--tz", "Europe/Berlin"], as: TaskInfo.self)
            let name = added.uid + ".ics"
            #expect(VdirTests.file(vdir, uid: added.uid) { $0 != nil } != nil)
            #expect(try kit.kitctl(["task", "edit", "dentist", "--title", "dentist (checkup)"]).exitCode == 0)
            #expect(VdirTests.file(vdir, uid: added.uid) { $0?.title == "dentist (checkup)" } != nil)
            // kitd's own writes came back through inotify, and were known by their hash.
            #expect(!(kit.kitd?.stderr.contains("vdir changed from outside") ?? true))

            try Self.put(
                Self.todo(
                    uid: added.uid, title: "dentist at 11", due: "20300301T100000Z",
                    modified: Date(timeIntervalSinceNow: 5)),
                vdir, name)
            #expect(
                try Self.eventually(kit) {
                    $0.contains {
                        $0.uid == added.uid && $0.title == "dentist at 11" && $0.dueAt.hasPrefix("2030-03-01T10:00:00")
                    }
                })
            try Self.put(
                Self.todo(
                    uid: added.uid, title: "dentist at 11", due: "20300301T100000Z",
                    modified: Date(timeIntervalSinceNow: 10), status: "COMPLETED"),
                vdir, name)
            #expect(try Self.eventually(kit) { $0.contains { $0.uid == added.uid && $0.state == .done } })
            try FileManager.default.removeItem(atPath: vdir + "/" + name)
            #expect(try Self.eventually(kit) { !$0.contains { $0.uid == added.uid } })
            // Still one task for each, and kitd never wrote a second file for the UID.
            #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.hasSuffix(".ics") }.isEmpty)
        }

        @Test(
            "a change made only in the file is taken though its clock is a day behind kit's; kit's next change goes into the file's text, keeping what kit does not model"
        )
        func fileOnlyChangeWins() throws {
            let (kit, vdir) = try VdirTests.kitd()
            defer { kit.tearDown() }
            let added = try kit.kitctlJSON(["task", "add", "pay rent", "--due", "2030-04-01 09:00"], as: TaskInfo.self)
            #expect(VdirTests.file(vdir, uid: added.uid) { $0 != nil } != nil)
            try Self.put(
                Self.todo(
                    uid: added.uid, title: "pay rent (and water)", due: "20300401T090000Z",
                    modified: Date(timeIntervalSinceNow: -86_400)),
                vdir, added.uid + ".ics")
            #expect(try Self.eventually(kit) { $0.contains { $0.title == "pay rent (and water)" } })
            #expect(
                try kit.kitctl(["task", "edit", "pay rent (and water)", "--due", "2030-04-02 09:00"]).exitCode == 0)
            let text = Subprocess.waitUntil(timeout: .seconds(10)) {
                let text = (try? String(contentsOfFile: vdir + "/" + added.uid + ".ics", encoding: .utf8)) ?? ""
                // The other program's words stay (its PRODID, its PRIORITY); kit's due is put in, as a
                // new revision.
                return text.contains("SUMMARY:pay rent (and water)\r\n") && text.contains("PRIORITY:5\r\n")
                    && text.contains("PRODID:-//test//other program//EN") && text.contains("20300402T")
                    && text.contains("SEQUENCE:1\r\n")
            }
            #expect(text)
            let status = try kit.kitctlJSON(["sync", "status"], as: SyncStatusResult.self)
            #expect(status.conflicts.isEmpty)
        }

        @Test(
            "a file that no longer reads is reported and left as it is, kit's changes wait, and once it reads again it is merged against its last good base"
        )
        func unreadableKeepsBase() throws {
            let (kit, vdir) = try VdirTests.kitd()
            defer { kit.tearDown() }
            let added = try kit.kitctlJSON(["task", "add", "pay rent", "--due", "2030-04-01 09:00"], as: TaskInfo.self)
            let name = added.uid + ".ics"
            #expect(VdirTests.file(vdir, uid: added.uid) { $0 != nil } != nil)
            let good = try String(contentsOfFile: vdir + "/" + name, encoding: .utf8)
            try Self.put("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:half a file", vdir, name)
            #expect(
                try Subprocess.waitUntil(timeout: .seconds(10)) {
                    let status = try kit.kitctlJSON(["sync", "status"], as: SyncStatusResult.self)
                    return status.collections.first?.unreadable.map(\.file) == [name]
                })
            // Kit's change is not written over the broken file.
            #expect(try kit.kitctl(["task", "edit", "pay rent", "--title", "pay the rent"]).exitCode == 0)
            #expect(
                try Wait.holds(for: .milliseconds(500)) {
                    try String(contentsOfFile: vdir + "/" + name, encoding: .utf8).hasSuffix("SUMMARY:half a file")
                })
            // The file is mended, with a property kit does not model added: merged against the last
            // good base, kit's new title goes into it and the file's PRIORITY stays.
            try Self.put(
                good.replacingOccurrences(of: "STATUS:NEEDS-ACTION\r\n", with: "STATUS:NEEDS-ACTION\r\nPRIORITY:1\r\n"),
                vdir, name)
            let merged = Subprocess.waitUntil(timeout: .seconds(10)) {
                let text = (try? String(contentsOfFile: vdir + "/" + name, encoding: .utf8)) ?? ""
                return text.contains("SUMMARY:pay the rent\r\n") && text.contains("PRIORITY:1\r\n")
            }
            #expect(merged)
            #expect(try Self.task(kit, titled: "pay the rent") != nil)
            let status = try kit.kitctlJSON(["sync", "status"], as: SyncStatusResult.self)
            #expect(status.conflicts.isEmpty)
            #expect(status.collections.first?.unreadableCount == 0)
        }

        @Test("a burst of 600 files (a first sync) all become tasks, taken in a few at a time so the loop stays free")
        func burst() throws {
            let (kit, vdir) = try VdirTests.kitd()
            defer { kit.tearDown() }
            let now = Date()
            for index in 0..<600 {
                try Self.put(
                    Self.todo(uid: "bulk-\(index)@x", title: "bulk \(index)", due: "20300101T090000Z", modified: now),
                    vdir, "bulk-\(index).ics")
            }
            #expect(try Self.eventually(kit) { $0.count == 600 })
            let titles = Set(try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.map(\.title))
            #expect(titles == Set((0..<600).map { "bulk \($0)" }))
            // No one loop turn took in more than 256 of them.
            let batches = (kit.kitd?.stderr ?? "").split(separator: "\n").filter {
                $0.contains("vdir changed from outside")
            }
            .compactMap { line in line.split(separator: " ").first { $0.hasPrefix("vdir.changed=") } }
            .compactMap { Int($0.dropFirst("vdir.changed=".count)) }
            #expect(batches.reduce(0, +) == 600)
            #expect(batches.allSatisfy { $0 <= 256 } && batches.count >= 3)
        }

        @Test(
            "a file that is not one task kit can keep is reported and left alone, and kitd carries on: garbage, two UIDs, no due, a UID another file has"
        )
        func badFilesLeftAlone() throws {
            let (kit, vdir) = try VdirTests.kitd()
            defer { kit.tearDown() }
            let now = Date()
            let files = [
                "garbage.ics": "this is not iCalendar\n",
                "two.ics": Self.todo(uid: "a@x", title: "a", due: "20300101T090000Z", modified: now)
                    .replacingOccurrences(
                        of: "END:VCALENDAR",
                        with:
                            "BEGIN:VTODO\r\nUID:b@x\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:b\r\nDUE:20300101T090000Z\r\nEND:VTODO\r\nEND:VCALENDAR"
                    ),
                "nodue.ics": Self.todo(uid: "c@x", title: "someday", due: "X", modified: now)
                    .replacingOccurrences(of: "DUE:X\r\n", with: ""),
                "first.ics": Self.todo(uid: "same@x", title: "first", due: "20300101T090000Z", modified: now),
            ]
            for (name, text) in files { try Self.put(text, vdir, name) }
            #expect(try Self.eventually(kit) { $0.contains { $0.title == "first" } })
            try Self.put(
                Self.todo(uid: "same@x", title: "second", due: "20300101T090000Z", modified: now), vdir, "second.ics")
            let reported = Subprocess.waitUntil(timeout: .seconds(10)) {
                let log = kit.kitd?.stderr ?? ""
                return ["garbage.ics", "two.ics", "nodue.ics", "second.ics"].allSatisfy { log.contains($0) }
            }
            #expect(reported, "\(kit.kitd?.stderr ?? "")")
            let log = kit.kitd?.stderr ?? ""
            #expect(log.contains("holds 2 items"))
            #expect(log.contains("has no DUE or DTSTART"))
            #expect(log.contains("also the UID of first.ics"))
            let titles = try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.map(\.title)
            #expect(titles == ["first"])
            // `kitctl sync status` lists each file left alone, with why.
            let status = try kit.kitctlJSON(["sync", "status"], as: SyncStatusResult.self)
            let tasks = try #require(status.collections.first { $0.name == "tasks" })
            #expect(tasks.watched && tasks.path == vdir)
            #expect(tasks.unreadable.map(\.file) == ["garbage.ics", "nodue.ics", "second.ics", "two.ics"])
            #expect(tasks.unreadableCount == 4)
            #expect(tasks.unreadable.first { $0.file == "two.ics" }?.reason.contains("holds 2 items") == true)
            for (name, text) in files {
                #expect(try String(contentsOfFile: vdir + "/" + name, encoding: .utf8) == text, "\(name)")
            }
            #expect(kit.kitd?.isRunning == true)
        }
    }
}
