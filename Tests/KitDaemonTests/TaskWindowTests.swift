import Foundation
import GRDB
import KitClient
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon
@testable import KitStore

/// kitd arms only the next `windowSize` task popups and reads the rest from the rows' instants
/// as each window ends (TaskWindow.swift). A window of two makes every edge appear with
/// a handful of tasks, on a real loop, socket and database.
@Suite("Task popups armed a window at a time")
struct TaskWindowTests {
    static let second = DrivenDaemon.second

    /// The ids of the `task.due` events seen until `id`'s, and whether any was late.
    func dues(until id: Int64, on events: KitConnection, in kit: DrivenDaemon) throws -> [TaskFireEvent] {
        let seen = try kit.events(on: events) { seen in
            seen.contains { $0.name == Event.taskDue && (try? $0.decode(TaskFireEvent.self).task.id) == id }
        }
        return try seen.filter { $0.name == Event.taskDue }.map { try $0.decode(TaskFireEvent.self) }
    }

    @Test("tasks beyond the armed window fire on time and in order, as each window ends")
    func firesAcrossWindows() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        kit.tasks.window.size = 2
        var ids: [Int64] = []
        for minute in 1...7 {
            ids.append(try kit.tasks.add(TaskAddParams(title: "chore \(minute)", due: "in \(minute)m")).id)
        }
        try kit.tasks.window.reload(now: kit.clock.now().wall)
        #expect(kit.tasks.window.alarms.count == 3, "two popups and the window's end")
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(ids[2])) == nil, "the third waits in its row")
        let events = try kit.subscriber(["task.due"])
        var fired: [TaskFireEvent] = []
        for index in ids.indices {
            kit.advance(by: (index == 0 ? 61 : 60) * Self.second)
            fired += try dues(until: ids[index], on: events, in: kit)
            #expect(kit.tasks.window.alarms.count <= 3, "never more than a window armed")
        }
        #expect(fired.map(\.task.id) == ids, "each once, in due order")
        #expect(fired.allSatisfy { !$0.late })
        #expect(try kit.tasks.store.tasksByID().values.allSatisfy(\.dueFired))
    }

    @Test("a task moved before the horizon is armed at once; one moved past it waits in its row and still fires")
    func movesAcrossTheHorizon() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        kit.tasks.window.size = 2
        var ids: [Int64] = []
        for minutes in [10, 20, 30, 40] {
            ids.append(try kit.tasks.add(TaskAddParams(title: "step \(minutes)", due: "in \(minutes)m")).id)
        }
        try kit.tasks.window.reload(now: kit.clock.now().wall)
        let moved = try kit.tasks.edit(TaskEditParams(ref: String(ids[3]), due: "in 5m"))
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(ids[3])) == Timestamp.parse(moved.dueAt))
        _ = try kit.tasks.edit(TaskEditParams(ref: String(ids[0]), due: "in 50m"))
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(ids[0])) == nil, "past the horizon: in its row only")
        let events = try kit.subscriber(["task.due"])
        var fired: [TaskFireEvent] = []
        for order in [3, 1, 2, 0] {
            // To a second past its due instant, and the popups of that moment fire.
            let due = try #require(Timestamp.parse(try kit.tasks.get(RecordRef(String(ids[order]))).dueAt))
            kit.advance(by: due - kit.clock.now().wall + Self.second)
            fired += try dues(until: ids[order], on: events, in: kit)
        }
        #expect(fired.map(\.task.id) == [ids[3], ids[1], ids[2], ids[0]])
        #expect(fired.allSatisfy { !$0.late })
    }

    @Test("at start, rows without instants get them, and a new system zone moves the tasks that follow it")
    func instantsWorkedOutAtStart() throws {
        let kit = try DrivenDaemon(systemZone: "Asia/Seoul")
        defer { kit.stop() }
        let follows = try kit.tasks.add(TaskAddParams(title: "follows", due: "2030-01-01 09:00"))
        let pinned = try kit.tasks.add(TaskAddParams(title: "pinned", due: "2030-01-01 09:00", tz: "Europe/Berlin"))
        try kit.daemon.runtime.store.commit()
        // As a kit before migration v19 left them.
        try kit.daemon.runtime.store.write { db in try db.execute(sql: "UPDATE task SET due_ns = NULL, fire_ns = NULL")
        }
        try kit.daemon.runtime.store.commit()
        try kit.restart()
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(follows.id)) == Timestamp.parse("2030-01-01T00:00:00Z"))
        #expect(try kit.tasks.store.page(.instantsUnknown, after: 0, limit: 10).isEmpty)
        #expect(kit.tasks.summary(now: kit.clock.now().wall).next?.id == follows.id)

        // The system zone changed while kitd was down: kitd starts, then moves the tasks a slice
        // of its loop at a time.
        kit.zones.setSystem("America/New_York")
        kit.zones.systemChanged()
        try kit.restart()
        #expect(kit.tasks.resettle != nil, "the move is under way once kitd is up, not before")
        try kit.run { kit.tasks.resettle == nil }
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(follows.id)) == Timestamp.parse("2030-01-01T14:00:00Z"))
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(pinned.id)) == Timestamp.parse("2030-01-01T08:00:00Z"))
        let listed = try kit.tasks.list(TaskListParams(filter: .open)).tasks.map(\.title)
        #expect(listed == ["pinned", "follows"], "in due order by the new instants")
    }

    @Test("a change of the system zone moves the tasks a slice of the loop at a time, soonest first, serving between")
    func zoneChangeInSlices() throws {
        let kit = try DrivenDaemon(systemZone: "Asia/Seoul")
        defer { kit.stop() }
        kit.tasks.window.size = 2
        kit.tasks.resettleSlice = .zero
        kit.tasks.resettlePage = 2
        var days: [Int64] = []
        for day in 1...9 {
            days.append(try kit.tasks.add(TaskAddParams(title: "day \(day)", due: "2030-01-0\(day) 09:00")).id)
        }
        let pinned = try kit.tasks.add(TaskAddParams(title: "pinned", due: "2030-01-05 09:00", tz: "Europe/Berlin"))
        try kit.run(for: .milliseconds(50))
        func dueNs(_ id: Int64) throws -> Int64? {
            try kit.daemon.runtime.store.read {
                try Int64.fetchOne($0, sql: "SELECT due_ns FROM task WHERE id = ?", arguments: [id])
            }
        }
        func seoul(_ day: Int) -> Int64 { Timestamp.parse("2030-01-0\(day)T00:00:00Z")!.nanoseconds }
        func newYork(_ day: Int) -> Int64 { Timestamp.parse("2030-01-0\(day)T14:00:00Z")!.nanoseconds }
        func moved() throws -> [Int] { try (1...9).filter { try dueNs(days[$0 - 1]) == newYork($0) } }

        kit.zones.setSystem("America/New_York")
        kit.daemon.zoneChanged()
        try kit.run { ((try? moved()) ?? []).count >= 2 }
        #expect(try moved() == [1, 2], "the soonest popups first, a page of two a slice")
        #expect(kit.tasks.resettle != nil)
        #expect(try (3...9).allSatisfy { try dueNs(days[$0 - 1]) == seoul($0) }, "the rest not yet")

        let client = try KitConnection.connect(to: kit.socketPath)
        try client.send(
            WireCodec.line(
                RequestEnvelope(id: .number(1), method: Method.taskGet.name, params: RecordRef("day 9")),
                with: WireCodec.encoder()))
        var reply: [UInt8]?
        try kit.run {
            reply = try? client.readLine(timeout: .milliseconds(1))
            return reply != nil
        }
        #expect(try moved().count < 9, "the request was served while the work went on")
        let added = try kit.tasks.add(TaskAddParams(title: "added meanwhile", due: "2030-01-03 09:00"))
        #expect(try dueNs(added.id) == newYork(3), "a task written meanwhile is written in the new zone")

        try kit.run { kit.tasks.resettle == nil }
        #expect(try moved() == Array(1...9))
        #expect(try dueNs(pinned.id) == Timestamp.parse("2030-01-05T08:00:00Z")!.nanoseconds, "pinned: unchanged")
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(days[0])) == Timestamp.parse("2030-01-01T14:00:00Z"))
        #expect(try kit.tasks.store.instantsBasis() == kit.zones.instantsBasis)
        let listed = try kit.tasks.list(TaskListParams(filter: .open)).tasks.map(\.title)
        #expect(
            listed == [
                "day 1", "day 2", "day 3", "added meanwhile", "day 4", "pinned", "day 5", "day 6", "day 7", "day 8",
                "day 9",
            ])
    }
}
