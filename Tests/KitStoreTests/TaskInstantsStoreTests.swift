import Foundation
import GRDB
import KitCore
import Testing

@testable import KitStore

@Suite("Tasks' instants beside their rows")
struct TaskInstantsStoreTests {
    static let second = Nanoseconds.second
    static let perSecond = Nanoseconds.nanosecondsPerSecond
    let now = WallTime(nanoseconds: 1_900_000_000 * Nanoseconds.nanosecondsPerSecond)

    /// A store that keeps each task's instants, worked out in UTC.
    func store(_ database: KitDatabase) -> TaskStore {
        database.tasks.scheduling { $0.instants(in: FixedOffset.utc) }
    }

    func task(_ id: Int64, dueIn seconds: Int64, alerts: [Nanoseconds] = []) -> TaskItem {
        TaskItem(
            id: id, uid: "t\(id)@kit", title: "task \(id)",
            anchor: CivilDateTime(now + seconds * Self.second, in: FixedOffset.utc), alerts: alerts, createdAt: now)
    }

    func stored(_ database: KitDatabase) throws -> [Int64: (due: Int64?, fire: Int64?)] {
        try database.read { db in
            var result: [Int64: (due: Int64?, fire: Int64?)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, due_ns, fire_ns FROM task") {
                result[row[0]] = (row[1], row[2])
            }
            return result
        }
    }

    @Test("every write keeps the row's due and next popup; a store without zones leaves them unknown")
    func writesKeepInstants() throws {
        let database = try KitDatabase.inMemory()
        let tasks = store(database)
        let early = try tasks.insertTask { self.task($0, dueIn: 600, alerts: [300 * Self.second]) }
        let plain = try database.tasks.insertTask { self.task($0, dueIn: 60) }
        var rows = try stored(database)
        #expect(rows[early.id]?.due == (now + 600 * Self.second).nanoseconds)
        #expect(rows[early.id]?.fire == (now + 300 * Self.second).nanoseconds, "the pre-alert comes first")
        #expect(rows[plain.id]?.due == nil && rows[plain.id]?.fire == nil)
        #expect(try tasks.page(.instantsUnknown, after: 0, limit: 10).map(\.id) == [plain.id])

        try tasks.updateTasksFired([early.firing(.alert(0), at: now)])
        rows = try stored(database)
        #expect(rows[early.id]?.fire == (now + 600 * Self.second).nanoseconds, "the due popup is next")
        let (done, occurrence) = try early.completed(at: now, in: FixedOffset.utc)
        try tasks.recordTaskDone(done, before: early, occurrence: occurrence, at: now)
        #expect(try stored(database)[early.id]?.fire == nil, "a done task has no popup to come")
        _ = try tasks.undoTaskDone(done, modifiedAt: now)
        #expect(try stored(database)[early.id]?.fire != nil, "undone, its popups come again")
    }

    @Test(
        "instants worked out again write only the rows they change; the popups come by their instant, a page at a time")
    func settlingWrites() throws {
        let database = try KitDatabase.inMemory()
        let tasks = store(database)
        let ids = try [30, 10, 20, 10].map { offset in try tasks.insertTask { self.task($0, dueIn: offset) }.id }
        let all = try tasks.page(.all, after: 0, limit: 10)
        let same = all.map { ($0.id, $0.instants(in: FixedOffset.utc)) }
        #expect(try tasks.setInstants(same) == 0, "nothing changed: no row written")
        let later = all.map { ($0.id, $0.instants(in: FixedOffset(seconds: -3600))) }
        #expect(try tasks.setInstants(later) == 4)
        #expect(try tasks.setInstants(later) == 0)

        var order: [Int64] = []
        var place: (fire: Int64, id: Int64)?
        repeat {
            let page = try tasks.firingPage(after: place, limit: 3)
            order += page.tasks.map(\.id)
            place = page.place
        } while place != nil
        #expect(order == [ids[1], ids[3], ids[2], ids[0]], "by instant, ties by id, across pages")

        // Those with no popup to come (done), a range of ids at a time, however few match.
        for id in [ids[0], ids[2]] {
            let task = try #require(try tasks.task(id: id))
            let (done, occurrence) = try task.completed(at: now, in: FixedOffset.utc)
            try tasks.recordTaskDone(done, before: task, occurrence: occurrence, at: now)
        }
        var never: [Int64] = []
        var after: Int64 = 0
        var more = true
        while more {
            let page = try tasks.range(.neverFiring, after: after, span: 2)
            #expect(page.tasks.allSatisfy { $0.id > after && $0.id <= after + 2 })
            never += page.tasks.map(\.id)
            more = page.more
            after += 2
        }
        #expect(never == [ids[0], ids[2]])
        #expect(after == 4, "no range past the last id")
    }

    @Test("the window of popups: the n-th after the horizon, every tie at it, and everything due by now")
    func popupWindow() throws {
        let database = try KitDatabase.inMemory()
        let tasks = store(database)
        for offset: Int64 in [10, 20, 20, 30, 40] { _ = try tasks.insertTask { self.task($0, dueIn: offset) } }
        let at = { (seconds: Int64) in (self.now + seconds * Self.second).nanoseconds }
        var window = try tasks.popups(after: .min, count: 2, through: now.nanoseconds)
        #expect(window.horizon == at(20))
        #expect(window.entries.map(\.id).sorted() == [1, 2, 3], "both tasks at the horizon are in")
        window = try tasks.popups(after: window.horizon, count: 2, through: now.nanoseconds)
        #expect(window.horizon == at(40) && window.entries.map(\.id).sorted() == [4, 5])
        window = try tasks.popups(after: window.horizon, count: 2, through: now.nanoseconds)
        #expect(window.horizon == .max && window.entries.isEmpty, "nothing is left")
        window = try tasks.popups(after: .min, count: 1, through: at(35))
        #expect(window.horizon == at(35) && window.entries.count == 4, "everything due by now, however many")
        window = try tasks.popups(after: .min, count: 9, through: now.nanoseconds)
        #expect(window.horizon == .max && window.entries.count == 5, "fewer than asked for: all, and no end")
    }

    @Test("overdue ids, the open count and the next to come leave out done tasks, and a snooze comes at its end")
    func overdueAndNext() throws {
        let database = try KitDatabase.inMemory()
        let tasks = store(database)
        let past = try tasks.insertTask { self.task($0, dueIn: -60) }
        var snoozed = try tasks.insertTask { self.task($0, dueIn: -120) }
        snoozed.snoozedUntil = now + 600 * Self.second
        try tasks.updateTask(snoozed)
        let doneTask = try tasks.insertTask { self.task($0, dueIn: -30) }
        try tasks.updateTask(try doneTask.completed(at: now, in: FixedOffset.utc).0)
        let ahead = try tasks.insertTask { self.task($0, dueIn: 60) }
        #expect(try tasks.overdueIDs(now: now) == [past.id])
        #expect(try tasks.openCount() == 3)
        #expect(try tasks.nextDue(now: now)?.id == ahead.id, "the snoozed task comes back after the one ahead is due")
        snoozed.snoozedUntil = now + 30 * Self.second
        try tasks.updateTask(snoozed)
        let next = try #require(try tasks.nextDue(now: now))
        #expect(
            next.id == snoozed.id && next.comes == now + 30 * Self.second, "it comes back first, when its snooze ends")
        var unsnoozed = snoozed
        unsnoozed.snoozedUntil = nil
        try tasks.updateTask(unsnoozed)
        #expect(try tasks.nextDue(now: now)?.id == ahead.id)
        #expect(try tasks.overdueIDs(now: now) == [past.id, snoozed.id])
    }

    @Test("reads that may touch every task go through their index in its order, without a sort")
    func plans() throws {
        let directory = NSTemporaryDirectory() + "kit-plans-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try KitDatabase.open(path: directory + "/kit.sqlite", logger: .init(label: "test"))
        let selections: [(TaskSelection, String)] = [
            (.open(), "task_open_due"), (.open(dueThrough: .through(0)), "task_open_due"), (.done, "task_due"),
            (.byDue, "task_due"), (.instantsUnknown, "task_due"), (.firing, "task_fire"),
        ]
        let queries: [(String, String)] =
            selections.map { ("SELECT id FROM task " + $0.0.sql, $0.1) }
            + [
                (TaskQuery.horizon, "task_fire"), (TaskQuery.popups, "task_fire"), (TaskQuery.overdue, "task_open_due"),
                (TaskQuery.nextAhead, "task_open_due"), (TaskQuery.openCount, "task_open"),
                ("SELECT id FROM task " + TaskSelection.instantsUnknown.pageSQL, "task_due"),
                ("SELECT id FROM task " + TaskSelection.firing.sql(and: "fire_ns > ?"), "task_fire"),
                ("SELECT id FROM task " + TaskSelection.firing.sql(and: "fire_ns = ? AND id > ?"), "task_fire"),
            ]
        let plan = { (sql: String) in
            try database.read { db in
                let marks = sql.filter { $0 == "?" }.count
                return try Row.fetchAll(
                    db, sql: "EXPLAIN QUERY PLAN " + sql,
                    arguments: StatementArguments(Array(repeating: 0, count: marks))
                ).map { $0["detail"] as String }
            }
        }
        for (sql, index) in queries {
            let detail = try plan(sql).joined(separator: "; ")
            #expect(detail.contains(index) && !detail.contains("TEMP B-TREE"), "\(sql): \(detail)")
        }
        // Every task by id is the table itself, in its order; the snoozed tasks due before now
        // (few: a snooze lasts minutes) are sorted.
        #expect(try plan("SELECT id FROM task " + TaskSelection.all.sql) == ["SCAN task"])
        for sql in [TaskSelection.all.pageSQL, TaskSelection.neverFiring.rangeSQL] {
            #expect(
                try plan("SELECT id FROM task " + sql).first?.contains("INTEGER PRIMARY KEY") == true,
                "\(sql): a range of the table by id")
        }
        #expect(try plan(TaskQuery.nextSnoozed).first?.contains("USING INDEX task_snoozed") == true)
    }
}
