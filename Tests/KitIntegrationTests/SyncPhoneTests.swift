import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    /// A kitd synced with a real Radicale server by vdirsyncer (its `[sync] command`), and a phone
    /// played by the test: it edits what the server holds with HTTP PUTs, in the shapes real
    /// clients write, with its own clock. Nothing a phone does may be undone by kit.
    @Suite("A phone's changes on the server are never undone by kit")
    struct SyncPhoneTests {
        /// A kitd keeping tasks, the diary and memos in vdirs that vdirsyncer syncs with the server.
        struct Device {
            let kit: KitdHarness

            static func start(_ server: RadicaleServer) throws -> Device {
                let kit = try KitdHarness()
                do {
                    var vdirs: [(collection: String, path: String)] = []
                    for collection in ["tasks", "diary", "memos"] {
                        vdirs.append((collection, try kit.root.subdirectory("vdir/" + collection)))
                    }
                    let vdirsyncer = try Vdirsyncer(
                        server: server, vdirs: vdirs, directory: kit.root.path, environment: kit.environment)
                    let config = kit.root.path + "/config.toml"
                    try Vdirsyncer.kitConfig(vdirs: vdirs, command: vdirsyncer.command).write(
                        toFile: config, atomically: true, encoding: .utf8)
                    try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])
                    return Device(kit: kit)
                } catch {
                    kit.tearDown()
                    throw error
                }
            }

            /// `kitctl sync`: one round, which waits for the run and for kitd to take in what it brought.
            func sync() throws {
                let result = try kit.kitctl(["sync"])
                guard result.exitCode == 0 else { throw HarnessError("kitctl sync: \(result)") }
                let status = try self.status()
                guard status.lastRun?.succeeded == true else { throw HarnessError("the sync run failed: \(status)") }
            }

            func tasks() throws -> [TaskInfo] {
                try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks
            }

            func status() throws -> SyncStatusResult { try kit.kitctlJSON(["sync", "status", "--json"]) }
        }

        /// A server and a device, stopped after `body`.
        static func withDevice(_ body: (RadicaleServer, Device) throws -> Void) throws {
            let server = try RadicaleServer()
            defer { server.stop() }
            let device = try Device.start(server)
            defer { device.kit.tearDown() }
            try body(server, device)
        }

        // MARK: The phone

        /// An item's content lines, unfolded.
        static func unfolded(_ text: String) -> [String] { PhoneEdit.unfolded(text) }

        /// The phone edits the item `uid` of `collection` on the server, as a client saving an
        /// edit does (`PhoneEdit`), with its clock at `at`.
        static func phoneEdit(
            _ server: RadicaleServer, _ collection: String, uid: String, at: Date, raise: Int = 1,
            _ edit: (inout [String]) -> Void
        ) throws {
            let (name, text) = try #require(try server.item(collection, uid: uid))
            let saved = try PhoneEdit.saved(text, stamp: VdirOutsideTests.utc(at), raise: raise, edit)
            try server.put(collection, name: name, text: saved)
        }

        static func replace(_ lines: inout [String], _ property: String, _ old: String, _ new: String) {
            PhoneEdit.replace(&lines, property, old, new)
        }

        static func set(_ lines: inout [String], _ property: String, _ line: String) {
            PhoneEdit.set(&lines, property, line)
        }

        /// The ways apps write "this occurrence is done", as VdirRepeatingDoneTests writes them as files.
        typealias App = VdirRepeatingDoneTests.App

        /// The phone marks the 2030-01-10 occurrence of the daily task `uid` done, as `app` does.
        static func complete(_ server: RadicaleServer, uid: String, as app: App, at: Date) throws {
            let completed = "COMPLETED:\(VdirOutsideTests.utc(at))"
            switch app {
            case .tasksOrg, .apple:
                try phoneEdit(server, "tasks", uid: uid, at: at) { lines in
                    replace(&lines, "DTSTART", "20300110T", "20300111T")
                    replace(&lines, "DUE", "20300110T", "20300111T")
                }
                if app == .apple {
                    try server.put(
                        "tasks", name: "history-\(uid).ics",
                        text: [
                            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.0//EN", "BEGIN:VTODO",
                            "UID:history-\(uid)", "DTSTAMP:\(VdirOutsideTests.utc(at))", "SUMMARY:water the plants",
                            "DUE:20300110T090000Z", "STATUS:COMPLETED", completed, "END:VTODO", "END:VCALENDAR", "",
                        ].joined(separator: "\r\n"))
                }
            case .thunderbird:
                try phoneEdit(server, "tasks", uid: uid, at: at) { lines in
                    let todo = lines.drop { $0 != "BEGIN:VTODO" }
                    let start = todo.first { $0.hasPrefix("DTSTART") } ?? "DTSTART:20300110T090000Z"
                    let title = todo.first { $0.hasPrefix("SUMMARY") } ?? "SUMMARY:water the plants"
                    let end = lines.lastIndex(of: "END:VCALENDAR") ?? lines.endIndex
                    lines.insert(
                        contentsOf: [
                            "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:\(VdirOutsideTests.utc(at))",
                            "RECURRENCE-ID" + start.dropFirst("DTSTART".count), title, start,
                            "DUE" + start.dropFirst("DTSTART".count), "STATUS:COMPLETED", completed,
                            "PERCENT-COMPLETE:100", "END:VTODO",
                        ], at: end)
                }
            case .nextcloud:
                try phoneEdit(server, "tasks", uid: uid, at: at) { lines in
                    set(&lines, "STATUS", "STATUS:COMPLETED")
                    set(&lines, "COMPLETED", completed)
                    set(&lines, "PERCENT-COMPLETE", "PERCENT-COMPLETE:100")
                }
            }
        }

        /// The next occurrence the phone shows for the task `uid`, read from the server's item with
        /// python-icalendar and dateutil (outside kit): the first occurrence of its series not
        /// completed by an override, in UTC (`20300111T090000Z`), or `none`.
        static func phoneNext(_ server: RadicaleServer, uid: String) throws -> String {
            let script = """
                import sys, glob, icalendar, dateutil.rrule
                from datetime import timezone
                folder, uid = sys.argv[1], sys.argv[2]
                for path in sorted(glob.glob(folder + "/*.ics")):
                    calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
                    parts = [c for c in calendar.walk("VTODO") if str(c.get("UID")) == uid]
                    if not parts:
                        continue
                    master = [c for c in parts if c.get("RECURRENCE-ID") is None][0]
                    if str(master.get("STATUS", "")).upper() == "COMPLETED":
                        print("none"); sys.exit()
                    done = {c.decoded("RECURRENCE-ID") for c in parts
                            if c.get("RECURRENCE-ID") is not None and str(c.get("STATUS", "")).upper() == "COMPLETED"}
                    rule = dateutil.rrule.rrulestr(master["RRULE"].to_ical().decode(), dtstart=master.decoded("DTSTART"))
                    for occurrence in rule:
                        if occurrence not in done:
                            print(occurrence.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")); sys.exit()
                print("none")
                """
            let folder = server.root.path + "/storage/collection-root/kit/tasks"
            let result = try Subprocess.run(
                "/usr/bin/python3", ["-c", script, folder, uid], environment: ["PATH": "/usr/bin:/bin"],
                outputDirectory: server.root.path)
            guard result.exitCode == 0 else { throw HarnessError("the phone's reader: \(result)") }
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        // MARK: Tests

        @Test(
            "a repeating task completed on the phone, with its clock at kit's or ten minutes behind or ahead, advances once on both sides",
            arguments: App.allCases)
        func completionAdvancesOnce(app: App) throws {
            try Self.withDevice { server, device in
                // One task for each clock of the phone's: kit's, and ten minutes behind and ahead.
                let skews: [TimeInterval] = [0, -600, 600]
                var uids: [String] = []
                for index in skews.indices {
                    let added = try device.kit.kitctlJSON(
                        ["task", "add", "water the plants \(index)", "--due", "2030-01-10 09:00", "--repeat", "daily"],
                        as: TaskInfo.self)
                    uids.append(added.uid)
                }
                try device.sync()
                for (uid, skew) in zip(uids, skews) {
                    try Self.complete(server, uid: uid, as: app, at: Date(timeIntervalSinceNow: skew))
                }
                try device.sync()
                for uid in uids {
                    let task = try #require(try device.tasks().first { $0.uid == uid })
                    #expect(task.dueAt == "2030-01-11T09:00:00.000000Z", "after one round")
                    #expect(task.state == .open)
                }
                try device.sync()
                try device.sync()
                let tasks = try device.tasks()
                for uid in uids {
                    let task = try #require(tasks.first { $0.uid == uid })
                    #expect(task.dueAt == "2030-01-11T09:00:00.000000Z", "after three rounds: once, not twice")
                    #expect(task.state == .open)
                    #expect(try Self.phoneNext(server, uid: uid) == "20300111T090000Z", "the phone shows the same")
                }
                #expect(tasks.filter { $0.state == .open }.count == uids.count)
                #expect(tasks.count == (app == .apple ? 2 * uids.count : uids.count))
                #expect(try device.status().conflicts.isEmpty)
            }
        }

        @Test("the phone renames a task and kit then moves its due: both changes are kept on both sides")
        func renameAndDueMerge() throws {
            try Self.withDevice { server, device in
                let added = try device.kit.kitctlJSON(
                    ["task", "add", "dentist", "--due", "2030-03-01 10:00"], as: TaskInfo.self)
                try device.sync()
                try Self.phoneEdit(server, "tasks", uid: added.uid, at: Date()) { lines in
                    Self.set(&lines, "SUMMARY", "SUMMARY:dentist (Dr. Kim)")
                    Self.set(&lines, "PRIORITY", "PRIORITY:1")
                }
                #expect(try device.kit.kitctl(["task", "edit", "dentist", "--due", "2030-03-01 11:00"]).exitCode == 0)
                try device.sync()
                try device.sync()
                let task = try #require(try device.tasks().first { $0.uid == added.uid })
                #expect(task.title == "dentist (Dr. Kim)")
                #expect(task.dueAt == "2030-03-01T11:00:00.000000Z")
                let onServer = try #require(try server.item("tasks", uid: added.uid)).text
                let lines = Self.unfolded(onServer)
                #expect(lines.contains("SUMMARY:dentist (Dr. Kim)"))
                // Radicale (vobject) writes kit's `TZID=GMT` times with a `Z`.
                #expect(lines.contains { $0.hasPrefix("DUE") && $0.contains(":20300301T110000") })
                #expect(lines.contains("PRIORITY:1"), "what kit does not model passes through")
                #expect(try device.status().conflicts.isEmpty)
            }
        }

        @Test(
            "both retitle a task, the phone's stamped two seconds before kit's: one conflict over SUMMARY, kit's title on both sides, the phone's kept"
        )
        func bothRetitle() throws {
            try Self.withDevice { server, device in
                let events = try device.kit.events(["sync.*", "timer.*"])
                defer { events.stop() }
                try events.waitUntilSubscribed(socketOwner: device.kit)
                let added = try device.kit.kitctlJSON(
                    ["task", "add", "dentist", "--due", "2030-03-01 10:00"], as: TaskInfo.self)
                try device.sync()
                // The phone raises SEQUENCE by five: it does not order versions. Its edit is
                // stamped two seconds ago, so kit's, now, is the later one without waiting.
                try Self.phoneEdit(server, "tasks", uid: added.uid, at: Date(timeIntervalSinceNow: -2), raise: 5) {
                    lines in
                    Self.set(&lines, "SUMMARY", "SUMMARY:dentist at 10")
                }
                #expect(try device.kit.kitctl(["task", "edit", "dentist", "--title", "dentist at 11"]).exitCode == 0)
                try device.sync()
                try device.sync()
                #expect(try device.tasks().map(\.title) == ["dentist at 11"])
                #expect(
                    Self.unfolded(try #require(try server.item("tasks", uid: added.uid)).text).contains(
                        "SUMMARY:dentist at 11"))
                let conflicts = try device.status().conflicts
                #expect(conflicts.count == 1)
                #expect(conflicts.first?.property == "SUMMARY")
                #expect(conflicts.first?.winner == .kit)
                #expect(conflicts.first?.lost == "SUMMARY:dentist at 10")
                let event = try events.waitFor(Event.syncConflict).map { try $0.decode(SyncConflictEvent.self) }
                #expect(event?.property == "SUMMARY" && event?.uid == added.uid)
                let shown = try device.kit.kitctl(["sync", "status"])
                #expect(shown.stdout.contains("SUMMARY") && shown.stdout.contains("dentist at 11"))
            }
        }

        @Test(
            "a memo and a diary entry: the phone's edit and kit's are merged; both changing the title is one conflict the later wins"
        )
        func journalsMerge() throws {
            try Self.withDevice { server, device in
                let memo = try device.kit.kitctlJSON(["memo", "add", "Gift ideas"], as: MemoInfo.self)
                let entry = try device.kit.kitctlJSON(
                    ["diary", "write", "-m", "Hiked the ridge\nCold but clear.", "--date", "2026-11-20"],
                    as: DiaryEntryInfo.self)
                try device.sync()
                // The phone adds a line to the memo; kit pins it. The phone rewrites the entry's
                // body; kit sets its mood.
                try Self.phoneEdit(server, "memos", uid: memo.uid, at: Date()) { lines in
                    Self.set(&lines, "DESCRIPTION", "DESCRIPTION:a scarf")
                }
                try Self.phoneEdit(server, "diary", uid: entry.uid, at: Date()) { lines in
                    Self.set(&lines, "DESCRIPTION", "DESCRIPTION:Windy at the top.")
                }
                #expect(try device.kit.kitctl(["memo", "pin", String(memo.id)]).exitCode == 0)
                #expect(try device.kit.kitctl(["diary", "edit", String(entry.id), "--mood", "happy"]).exitCode == 0)
                try device.sync()
                try device.sync()
                let shownMemo = try device.kit.kitctlJSON(["memo", "show", String(memo.id)], as: MemoInfo.self)
                #expect(shownMemo.text == "Gift ideas\na scarf")
                #expect(shownMemo.pinned)
                let shownEntry = try device.kit.kitctlJSON(
                    ["diary", "show", String(entry.id)], as: DiaryEntryInfo.self)
                #expect(shownEntry.text == "Hiked the ridge\nWindy at the top.")
                #expect(shownEntry.mood == "happy")
                let memoLines = Self.unfolded(try #require(try server.item("memos", uid: memo.uid)).text)
                #expect(memoLines.contains("DESCRIPTION:a scarf") && memoLines.contains("X-KIT-PINNED:TRUE"))
                let entryLines = Self.unfolded(try #require(try server.item("diary", uid: entry.uid)).text)
                #expect(entryLines.contains("DESCRIPTION:Windy at the top.") && entryLines.contains("X-KIT-MOOD:happy"))
                #expect(try device.status().conflicts.isEmpty)

                // Both retitle the memo, the phone's stamped two seconds before kit's: kit's title
                // wins, the phone's is kept.
                try Self.phoneEdit(server, "memos", uid: memo.uid, at: Date(timeIntervalSinceNow: -2)) { lines in
                    Self.set(&lines, "SUMMARY", "SUMMARY:Gift list")
                }
                let edited = try device.kit.kitctl(
                    ["memo", "edit", String(memo.id)], stdin: Data("Presents\na scarf".utf8))
                #expect(edited.exitCode == 0)
                try device.sync()
                try device.sync()
                #expect(
                    try device.kit.kitctlJSON(["memo", "show", String(memo.id)], as: MemoInfo.self).text
                        == "Presents\na scarf")
                #expect(
                    Self.unfolded(try #require(try server.item("memos", uid: memo.uid)).text).contains(
                        "SUMMARY:Presents"))
                // And the diary entry's first line, the phone's stamped two seconds after kit's this
                // time: the phone's wins, and kit's is kept.
                #expect(
                    try device.kit.kitctl(["diary", "edit", String(entry.id), "-m", "Up the ridge\nWindy at the top."])
                        .exitCode == 0)
                try Self.phoneEdit(server, "diary", uid: entry.uid, at: Date(timeIntervalSinceNow: 2)) { lines in
                    Self.set(&lines, "SUMMARY", "SUMMARY:On the ridge")
                }
                try device.sync()
                try device.sync()
                let retitled = try device.kit.kitctlJSON(["diary", "show", String(entry.id)], as: DiaryEntryInfo.self)
                #expect(retitled.text == "On the ridge\nWindy at the top.")
                #expect(
                    Self.unfolded(try #require(try server.item("diary", uid: entry.uid)).text).contains(
                        "SUMMARY:On the ridge"))
                let conflicts = try device.status().conflicts
                #expect(conflicts.map(\.collection) == ["diary", "memos"])
                #expect(conflicts.map(\.winner) == [.file, .kit])
                #expect(conflicts.map(\.property) == ["SUMMARY", "SUMMARY"])
                #expect(conflicts.map(\.lost) == ["SUMMARY:Up the ridge", "SUMMARY:Gift list"])
            }
        }
    }
}
