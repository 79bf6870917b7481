import Foundation
import GRDB
import KitCore
import Testing

@testable import KitStore

@Suite("Migrations")
struct MigrationTests {
    @Test("an empty database gets every migration and WAL mode")
    func emptyDatabase() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try KitDatabase.open(path: directory + "/kit.sqlite", logger: .init(label: "test"))
        #expect(
            try database.appliedMigrations() == [
                "v1 timers", "v2 ramen", "v3 stopwatches", "v4 tasks", "v5 places", "v6 memos and diary",
                "v7 task series dates", "v8 task overrides", "v9 task versions", "v10 task more rules",
                "v11 zone definitions", "v12 note uids", "v13 vdir files", "v14 sync runs", "v15 popup deliveries",
                "v16 sounds", "v17 task title keys", "v18 active timer names", "v19 task instants",
                "v20 timer list order", "v21 latest ended timer by name", "v22 vdir bases",
                "v23 ramen cook time in nanoseconds", "v24 popup server ids", "v25 event length and location",
                "v26 watched alarms",
            ])
        #expect(try database.journalMode() == "wal")
        #expect(try database.synchronousPragma() == 2, "FULL: GRDB's WAL set-up must not leave it at NORMAL")
        let columns = try database.read { try $0.columns(in: "timer").map(\.name) }
        #expect(columns.contains("due_boot_ns") && columns.contains("boot_id"))
    }

    @Test("an existing database keeps its rows and is not migrated twice")
    func existingDatabase() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        let now = ClockReading(
            boot: BootTime(nanoseconds: 10_000_000_000), wall: WallTime(nanoseconds: 1_800_000_000_000_000_000))
        do {
            let first = try KitDatabase.open(path: path, logger: .init(label: "test"))
            _ = try first.timers.insertTimer(bootID: "boot-a") { id throws(KitError) in
                try Countdown.started(id: id, name: "tea", duration: .minute, now: now)
            }
            _ = try first.timers.insertTimer(bootID: "boot-a") { id throws(KitError) in
                try Countdown.started(id: id, name: "gong", duration: 90_000_000_000, now: now, sound: .file("/x.oga"))
            }
            try first.commit()
        }
        let second = try KitDatabase.open(path: path, logger: .init(label: "test"))
        #expect(
            try second.appliedMigrations() == [
                "v1 timers", "v2 ramen", "v3 stopwatches", "v4 tasks", "v5 places", "v6 memos and diary",
                "v7 task series dates", "v8 task overrides", "v9 task versions", "v10 task more rules",
                "v11 zone definitions", "v12 note uids", "v13 vdir files", "v14 sync runs", "v15 popup deliveries",
                "v16 sounds", "v17 task title keys", "v18 active timer names", "v19 task instants",
                "v20 timer list order", "v21 latest ended timer by name", "v22 vdir bases",
                "v23 ramen cook time in nanoseconds", "v24 popup server ids", "v25 event length and location",
                "v26 watched alarms",
            ])
        let timers = try second.timers.listed(now: now)
        #expect(timers.map(\.name) == ["tea", "gong"])
        #expect(timers.map(\.sound) == [nil, .file("/x.oga")])
        #expect(try second.timers.timer(id: timers[1].id, now: now, bootID: "boot-a")?.sound == .file("/x.oga"))
    }

    @Test("memos and diary entries from before UIDs each get their own, kept by edits; new ones get one too")
    func noteUIDs() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        do {
            let queue = try DatabaseQueue(path: path)
            try KitDatabase.migrator.migrate(queue, upTo: "v11 zone definitions")
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO memo (text, title, title_key, created_at_ns, updated_at_ns)
                        VALUES ('one', 'one', 'one', 1, 1), ('two', 'two', 'two', 2, 2);
                        INSERT INTO diary_entry (text, title, title_key, day, created_at_ns, updated_at_ns)
                        VALUES ('day', 'day', 'day', '2026-11-20', 3, 3);
                        """)
            }
        }
        let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
        let memos = try database.memos.list()
        let uids = memos.map(\.uid) + [try #require(try database.diary.note(id: 1)).uid]
        #expect(uids.count == 3 && Set(uids).count == 3 && uids.allSatisfy { $0.hasSuffix("@kit") && $0.count == 40 })
        let first = try #require(memos.first { $0.title == "one" })
        var edited = try #require(try database.memos.note(id: first.id))
        edited.text = "one, edited"
        try database.memos.update(edited)
        #expect(try database.memos.note(id: first.id)?.uid == first.uid)
        let fresh = try database.memos.insert(
            Memo(id: 0, text: "three", createdAt: WallTime(nanoseconds: 6), updatedAt: WallTime(nanoseconds: 6)))
        #expect(fresh.uid.hasSuffix("@kit") && !uids.contains(fresh.uid))
        #expect(try database.memos.note(id: fresh.id)?.uid == fresh.uid)
    }

    @Test("tasks from before title keys are found by title, in any case, and new and edited ones too")
    func taskTitleKeys() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        do {
            let queue = try DatabaseQueue(path: path)
            try KitDatabase.migrator.migrate(queue, upTo: "v16 sounds")
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO task (uid, title, anchor, occurrence, state, created_at_ns)
                        VALUES ('a@kit', 'Äpfel kaufen', '2026-11-20T09:00', '2026-11-20T09:00', 'open', 1),
                               ('b@kit', 'call mom', '2026-11-21T09:00', '2026-11-21T09:00', 'done', 2);
                        """)
            }
        }
        let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
        #expect(try database.tasks.ids(titled: "äPFEL KAUFEN") == [1])
        #expect(try database.tasks.ids(titled: "Call Mom") == [2])
        #expect(try database.tasks.openTitles(limit: 8) == ["Äpfel kaufen"])
        let now = WallTime(nanoseconds: 3)
        let added = try database.tasks.insertTask { id throws(KitError) in
            TaskItem(
                id: id, uid: "c@kit", title: "Water plants",
                anchor: CivilDateTime(date: CivilDate(year: 2026, month: 11, day: 22), hour: 9),
                createdAt: now)
        }
        var renamed = added
        renamed.title = "Water the plants"
        try database.tasks.updateTask(renamed)
        #expect(try database.tasks.ids(titled: "water the PLANTS") == [added.id])
        #expect(try database.tasks.ids(titled: "water plants").isEmpty)
    }

    @Test(
        "a database from before the latest-ended table finds the same ended timer by name as before, and timer_name is gone"
    )
    func latestEndedTimers() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        // name, state, ended: ties on the end go to the higher id; running rows and unnamed ones never count.
        let rows: [(String?, String, Int64?)] = [
            ("tea", "cancelled", 30), ("tea", "fired", 50), ("tea", "cancelled", 50), ("tea", "fired", 40),
            ("tea", "running", nil), ("egg", "fired", 10), (nil, "cancelled", 99), ("pasta", "running", nil),
        ]
        do {
            let queue = try DatabaseQueue(path: path)
            try KitDatabase.migrator.migrate(queue, upTo: "v20 timer list order")
            try queue.write { db in
                for (name, state, ended) in rows {
                    try db.execute(
                        sql: """
                            INSERT INTO timer (name, name_key, duration_ns, state, created_at_ns, due_wall_ns, ended_at_ns)
                            VALUES (?, ?, 60, ?, 1, 100, ?)
                            """, arguments: [name, name, state, ended])
                }
            }
        }
        let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
        let now = ClockReading(boot: BootTime(nanoseconds: 1), wall: WallTime(nanoseconds: 1))
        #expect(try database.timers.latestEndedTimer(named: "tea", now: now, bootID: "b")?.id == 3)
        #expect(try database.timers.latestEndedTimer(named: "egg", now: now, bootID: "b")?.id == 6)
        #expect(try database.timers.latestEndedTimer(named: "pasta", now: now, bootID: "b") == nil)
        #expect(try database.read { try $0.indexes(on: "timer").map(\.name) }.contains("timer_name") == false)
        #expect(try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM timer_last_ended") } == 2)
    }

    @Test("a ramen's own time and steps from before nanoseconds read back as the same times, and an own product too")
    func ramenTimesBecomeNanoseconds() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        do {
            let queue = try DatabaseQueue(path: path)
            try KitDatabase.migrator.migrate(queue, upTo: "v22 vdir bases")
            try queue.write { db in
                // As kit wrote them before: whole seconds in the column and in the JSON.
                let product = #"{"id":"own-1","name":"집 라면","kind":"pot","cookSeconds":240,"waterMl":500,"steps":[]}"#
                try db.execute(
                    sql: "INSERT INTO ramen (id, origin, product) VALUES ('own-1', 'own', ?)", arguments: [product])
                try db.execute(
                    sql: """
                        INSERT INTO ramen_settings (ramen_id, custom_seconds, own_steps)
                        VALUES ('own-1', 200, '[{"at":"left","seconds":60,"text":"egg"}]')
                        """)
            }
        }
        let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
        let entry = try #require(try database.ramen.ramenEntries().first { $0.id == "own-1" })
        let second = Nanoseconds.second
        #expect(entry.product.cookTime == 240 * second)
        #expect(entry.settings.customTime == 200 * second && entry.cookTime == 200 * second)
        #expect(entry.steps == [RamenStep(.left(60 * second), "egg")])
        #expect(
            try database.read { try $0.columns(in: "ramen_settings").map(\.name) }.contains("custom_seconds") == false)
    }

    @Test("a database from before task series keeps its tasks: a repeating one becomes a series with no dates")
    func tasksBecomeSeries() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        do {
            let queue = try DatabaseQueue(path: path)
            try KitDatabase.migrator.migrate(queue, upTo: "v6 memos and diary")
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO task (uid, title, zone, anchor, rrule, occurrence, alerts, state, created_at_ns)
                        VALUES ('rent@kit', 'pay rent', 'Asia/Seoul', '2026-01-31T09:00:00',
                                'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1', '2026-02-28T09:00:00', '86400000000000',
                                'open', 1), ('once@kit', 'dentist', NULL, '2026-12-03T10:00:00', NULL,
                                '2026-12-03T10:00:00', '', 'open', 2)
                        """)
            }
        }
        let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
        let tasks = try database.tasks.tasksByID().values.sorted { $0.id < $1.id }
        #expect(tasks.map(\.title) == ["pay rent", "dentist"])
        #expect(tasks[0].recurrence == (try Recurrence.parse("monthly on day 31")))
        #expect(tasks[0].occurrence == (try CivilDateTime.parseISO8601("2026-02-28T09:00:00")))
        #expect(tasks[0].alerts == [.day] && tasks[0].zone == "Asia/Seoul")
        #expect(tasks.allSatisfy { $0.dates.isEmpty })
    }

    @Test("a series' extra and removed dates, its changes (one and from one on) and its other rules survive a restart")
    func seriesDatesRoundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        let anchor = try CivilDateTime.parseISO8601("2027-01-05T09:00:00")
        let dates = SeriesDates(
            added: [try CivilDateTime.parseISO8601("2027-01-08T15:00:00")],
            removed: [anchor.adding(days: 14), anchor.adding(days: 7)],
            overrides: [
                .init(
                    original: anchor.adding(days: 21), start: anchor.adding(days: 22), title: "moved on",
                    thisAndFuture: true),
                .init(original: anchor.adding(days: 35), title: "renamed once"),
            ],
            moreRules: [try Recurrence.parseRRULE("FREQ=MONTHLY;BYDAY=1TH"), try Recurrence.parse("yearly")])
        do {
            let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
            _ = try database.tasks.insertTask { id throws(KitError) in
                TaskItem(
                    id: id, uid: "sync@example.com", title: "sync", anchor: anchor,
                    recurrence: try Recurrence.parse("weekly"), dates: dates, createdAt: WallTime(nanoseconds: 1))
            }
            try database.commit()
        }
        let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
        let task = try #require(try database.tasks.tasksByID().values.first)
        #expect(task.dates == dates)
        #expect(task.dates.removed == [anchor.adding(days: 7), anchor.adding(days: 14)])
    }

    @Test("a zone a calendar defined is kept with the batch that uses it, once per name, across a restart")
    func zoneDefinitions() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        do {
            let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
            try database.zoneDefinitions.keep(name: "Customized Time Zone", vtimezone: "BEGIN:VTIMEZONE\r\nfirst")
            try database.zoneDefinitions.keep(name: "Customized Time Zone", vtimezone: "BEGIN:VTIMEZONE\r\nsecond")
            try database.commit()
            try database.zoneDefinitions.keep(name: "never committed", vtimezone: "BEGIN:VTIMEZONE")
        }
        let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
        #expect(try database.zoneDefinitions.all() == ["Customized Time Zone": "BEGIN:VTIMEZONE\r\nfirst"])
    }

    @Test("a database from a newer kit is refused, not modified")
    func newerDatabaseIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        do {
            let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
            try database.writeNow { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
            }
        }
        #expect {
            try KitDatabase.open(path: path, logger: .init(label: "test"))
        } throws: { error in
            "\(error)".contains("newer kit")
        }
    }
}

func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "kit-store-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
