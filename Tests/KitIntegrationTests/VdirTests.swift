import Foundation
import Glibc
import KitCalendar
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    @Suite("Tasks, diary entries and memos kept in a vdir")
    struct VdirTests {
        /// A kitd keeping its tasks in `<root>/vdir/tasks`, and that directory.
        static func kitd() throws -> (KitdHarness, String) {
            let kit = try KitdHarness()
            let vdir = kit.root.path + "/vdir/tasks"
            do {
                try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
                let config = kit.root.path + "/config.toml"
                try "[vdir]\ntasks = \"\(vdir)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
                try kit.startKitd(arguments: ["--log-level", "debug", "--config", config])
            } catch {
                kit.tearDown()
                throw error
            }
            return (kit, vdir)
        }

        /// The task file for `uid` once `ready` says it holds what is wanted (it is written off
        /// the loop, after the commit), or what it holds after 10 s.
        static func file(_ vdir: String, uid: String, until ready: (CalendarTask?) -> Bool) -> CalendarTask? {
            var task: CalendarTask?
            _ = Subprocess.waitUntil(timeout: .seconds(10)) {
                let text = try? String(contentsOfFile: vdir + "/" + uid + ".ics", encoding: .utf8)
                task = text.flatMap { try? ICalendarReader.read($0).tasks.first?.task }
                return ready(task)
            }
            return task
        }

        @Test(
            "each change a client makes reaches the task's file: added, edited, done, deleted; a snooze, which the file does not show, leaves it alone"
        )
        func followsChanges() throws {
            let (kit, vdir) = try Self.kitd()
            defer { kit.tearDown() }
            let added = try kit.kitctlJSON(
                ["task", "add", "renew passport", "--due", "2030-01-15 09:00", "--tz", "Europe/Berlin"],
                as: TaskInfo.self)
            let written = Self.file(vdir, uid: added.uid) { $0 != nil }
            #expect(written?.title == "renew passport")
            #expect(
                written?.due
                    == .local(
                        CivilDateTime(date: CivilDate(year: 2030, month: 1, day: 15), hour: 9), tzid: "Europe/Berlin"))
            // A snooze changes nothing the file says: the file is not written again. A later task's
            // file, written after it by the same one worker, shows the snooze's turn is done.
            let file = vdir + "/" + added.uid + ".ics"
            let past = Date(timeIntervalSinceNow: -3600)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
            #expect(try kit.kitctl(["task", "snooze", "renew passport", "until", "2030-01-16 09:00"]).exitCode == 0)
            let marker = try kit.kitctlJSON(["task", "add", "marker", "--due", "2030-02-01"], as: TaskInfo.self)
            #expect(Self.file(vdir, uid: marker.uid) { $0 != nil } != nil)
            let modified = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
            #expect(modified.map { abs($0.timeIntervalSince(past)) < 1 } == true)
            #expect(try kit.kitctl(["task", "edit", "renew passport", "--title", "renew passports"]).exitCode == 0)
            #expect(Self.file(vdir, uid: added.uid) { $0?.title == "renew passports" }?.title == "renew passports")
            #expect(try kit.kitctl(["task", "done", "renew passports"]).exitCode == 0)
            #expect(Self.file(vdir, uid: added.uid) { $0?.status == .completed }?.status == .completed)
            #expect(try kit.kitctl(["task", "delete", "renew passports"]).exitCode == 0)
            _ = Subprocess.waitUntil(timeout: .seconds(10)) {
                !FileManager.default.fileExists(atPath: vdir + "/" + added.uid + ".ics")
            }
            #expect(!FileManager.default.fileExists(atPath: vdir + "/" + added.uid + ".ics"))
        }

        @Test(
            "after kill -9, a restart writes what a crash kept from the vdir, and reads what changed there while kitd was down"
        )
        func catchesUp() throws {
            let (kit, vdir) = try Self.kitd()
            defer { kit.tearDown() }
            var uids: [String: String] = [:]
            for (title, due) in [
                ("water plants", "2030-01-10 18:00"), ("call mum", "2030-01-11 18:00"), ("gym", "2030-01-12 18:00"),
            ] {
                let task = try kit.kitctlJSON(["task", "add", title, "--due", due], as: TaskInfo.self)
                uids[title] = task.uid
                #expect(Self.file(vdir, uid: task.uid) { $0 != nil } != nil)
            }
            _ = kit.stopKitd(signal: SIGKILL)
            let water = try #require(uids["water plants"])
            let mum = try #require(uids["call mum"])
            let gym = try #require(uids["gym"])
            // As if the crash came between the commit and the write: no file, and no record of one.
            try FileManager.default.removeItem(atPath: vdir + "/" + water + ".ics")
            let sqlite = try Subprocess.run(
                "/usr/bin/sqlite3",
                [kit.dataDirectory + "/kit.sqlite", "DELETE FROM vdir_file WHERE name = '\(water).ics';"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: kit.root.path)
            #expect(sqlite.exitCode == 0, "\(sqlite.stderr)")
            // While kitd was down, another program deleted one file and changed another.
            try FileManager.default.removeItem(atPath: vdir + "/" + mum + ".ics")
            try VdirOutsideTests.put(
                VdirOutsideTests.todo(
                    uid: gym, title: "gym (legs)", due: "20300112T170000Z", modified: Date(timeIntervalSinceNow: 60)),
                vdir, gym + ".ics")
            try "not kit's".write(toFile: vdir + "/someone-else.ics", atomically: true, encoding: .utf8)
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", kit.root.path + "/config.toml"])
            #expect(Self.file(vdir, uid: water) { $0 != nil }?.title == "water plants")
            #expect(
                try VdirOutsideTests.eventually(kit) { tasks in
                    tasks.map(\.title).sorted() == ["gym (legs)", "water plants"]
                })
            #expect(!FileManager.default.fileExists(atPath: vdir + "/" + mum + ".ics"))
            #expect(try String(contentsOfFile: vdir + "/someone-else.ics", encoding: .utf8) == "not kit's")
        }

        @Test("the catch-up at start writes every task's missing file, a page of tasks at a time")
        func catchesUpByPages() throws {
            let (kit, vdir) = try Self.kitd()
            defer { kit.tearDown() }
            // More tasks than a page of the catch-up (2,000).
            let count = 2_500
            let imported = try kit.importTodos(
                count, uid: { "page-\($0)@kit" }, title: { "chore \($0)" },
                due: { "20300101T\(String(format: "%02d", $0 % 24))0000Z" })
            #expect(imported == 0)
            let files = {
                (try? FileManager.default.contentsOfDirectory(atPath: vdir))?.filter { $0.hasSuffix(".ics") }.count ?? 0
            }
            #expect(Subprocess.waitUntil(timeout: .seconds(30)) { files() == count })
            _ = kit.stopKitd(signal: SIGKILL)
            // As if every file had been lost with its record.
            for name in try FileManager.default.contentsOfDirectory(atPath: vdir) {
                try FileManager.default.removeItem(atPath: vdir + "/" + name)
            }
            let sqlite = try Subprocess.run(
                "/usr/bin/sqlite3", [kit.dataDirectory + "/kit.sqlite", "DELETE FROM vdir_file;"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: kit.root.path)
            #expect(sqlite.exitCode == 0, "\(sqlite.stderr)")
            try kit.startKitd(arguments: ["--log-level", "debug", "--config", kit.root.path + "/config.toml"])
            #expect(Subprocess.waitUntil(timeout: .seconds(30)) { files() == count }, "\(files()) files")
            #expect(Self.file(vdir, uid: "page-2499@kit") { $0 != nil }?.title == "chore 2499")
        }

        @Test(
            "memos and diary entries are kept as VJOURNAL files: written, pinned, edited, deleted, and caught up at start"
        )
        func notes() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let diary = kit.root.path + "/vdir/diary"
            let memos = kit.root.path + "/vdir/memos"
            for path in [diary, memos] {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            }
            let config = kit.root.path + "/config.toml"
            try "[vdir]\ndiary = \"\(diary)\"\nmemos = \"\(memos)\"\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            let arguments = ["--log-level", "debug", "--config", config]
            try kit.startKitd(arguments: arguments)
            let read = { (path: String, uid: String, ready: (CalendarJournal?) -> Bool) -> CalendarJournal? in
                var journal: CalendarJournal?
                _ = Subprocess.waitUntil(timeout: .seconds(10)) {
                    let text = try? String(contentsOfFile: path + "/" + uid + ".ics", encoding: .utf8)
                    journal = text.flatMap { try? ICalendarJournal.read($0) }
                    return ready(journal)
                }
                return journal
            }
            let memo = try kit.kitctlJSON(["memo", "add", "Shopping\n\nnoodles, eggs"], as: Memo.self)
            #expect(read(memos, memo.uid) { $0 != nil }?.text == "Shopping\n\nnoodles, eggs")
            #expect(try kit.kitctl(["memo", "pin", "Shopping"]).exitCode == 0)
            #expect(read(memos, memo.uid) { $0?.pinned == true }?.pinned == true)
            let entry = try kit.kitctlJSON(
                [
                    "diary", "write", "-m", "Hiked the ridge\nCold but clear.", "--date", "2026-11-20", "--place",
                    "Bukhansan",
                ],
                as: DiaryEntryInfo.self)
            let written = read(diary, entry.uid) { $0 != nil }
            #expect(written?.day == CivilDate(year: 2026, month: 11, day: 20) && written?.place == "Bukhansan")
            #expect(try kit.kitctl(["diary", "edit", String(entry.id), "-m", "Hiked the ridge\nWindy."]).exitCode == 0)
            #expect(read(diary, entry.uid) { $0?.text.hasSuffix("Windy.") == true }?.text == "Hiked the ridge\nWindy.")
            #expect(try kit.kitctl(["memo", "delete", "Shopping", "--yes"]).exitCode == 0)
            _ = Subprocess.waitUntil(timeout: .seconds(10)) {
                !FileManager.default.fileExists(atPath: memos + "/" + memo.uid + ".ics")
            }
            #expect(!FileManager.default.fileExists(atPath: memos + "/" + memo.uid + ".ics"))
            // A restart writes an entry whose file a crash kept from the vdir (no file, no record of one).
            _ = kit.stopKitd(signal: SIGKILL)
            try FileManager.default.removeItem(atPath: diary + "/" + entry.uid + ".ics")
            let sqlite = try Subprocess.run(
                "/usr/bin/sqlite3",
                [kit.dataDirectory + "/kit.sqlite", "DELETE FROM vdir_file WHERE name = '\(entry.uid).ics';"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: kit.root.path)
            #expect(sqlite.exitCode == 0, "\(sqlite.stderr)")
            try kit.startKitd(arguments: arguments)
            #expect(read(diary, entry.uid) { $0 != nil }?.text == "Hiked the ridge\nWindy.")
        }

        @Test("todoman lists the tasks kitd keeps in its vdir, and kit reads a task todoman creates there")
        func todoman() throws {
            let (kit, vdir) = try Self.kitd()
            defer { kit.tearDown() }
            let added = try kit.kitctlJSON(
                ["task", "add", "renew passport", "--due", "2030-01-15 09:00", "--tz", "Europe/Berlin"],
                as: TaskInfo.self)
            #expect(Self.file(vdir, uid: added.uid) { $0 != nil } != nil)
            let config = kit.root.path + "/todoman.py"
            try """
            path = "\(kit.root.path)/vdir/*"
            cache_path = "\(kit.root.path)/todoman.sqlite3"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "tasks"
            """.write(toFile: config, atomically: true, encoding: .utf8)
            let todoman = { (arguments: [String]) throws -> String in
                let result = try Subprocess.run(
                    "/usr/bin/todoman", ["--config", config] + arguments,
                    environment: [
                        "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Berlin", "HOME": kit.root.path,
                    ],
                    outputDirectory: kit.root.path)
                #expect(result.exitCode == 0, "todoman \(arguments): \(result.stderr)")
                return result.stdout
            }
            let listed = try todoman(["--porcelain", "list", "--status", "ANY"])
            let todos = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
            #expect(todos.map { $0["summary"] as? String } == ["renew passport"])
            // 09:00 in Berlin on 2030-01-15 is 08:00Z.
            #expect(todos.first?["due"] as? Int == 1_894_694_400)
            // A task todoman creates there is kit's within moments, and kit's done shows in todoman.
            _ = try todoman(["new", "--list", "tasks", "--due", "2030-01-20 10:00", "buy milk"])
            #expect(
                try VdirOutsideTests.eventually(kit) { tasks in
                    tasks.contains { $0.title == "buy milk" && $0.dueAt.hasPrefix("2030-01-20T09:00:00") }
                })
            #expect(try kit.kitctl(["task", "done", "buy milk"]).exitCode == 0)
            let completed = Subprocess.waitUntil(timeout: .seconds(10)) {
                let listed = (try? todoman(["--porcelain", "list", "--status", "ANY"])) ?? "[]"
                let todos = (try? JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]]) ?? []
                return todos.contains { $0["summary"] as? String == "buy milk" && $0["completed"] as? Bool == true }
            }
            #expect(completed)
        }

        @Test("a vdir path that does not exist stops kitd at start with a message naming it")
        func missingPath() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let config = kit.root.path + "/config.toml"
            let missing = kit.root.path + "/nowhere/tasks"
            try "[vdir]\ntasks = \"\(missing)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            let child = try kit.startKitd(arguments: ["--config", config], waitForReady: false)
            let code = child.wait(timeout: .seconds(20))
            #expect(code == 1)
            #expect(child.stderr.contains("cannot keep the vdir \(missing): it does not exist"), "\(child.stderr)")
        }
    }
}
