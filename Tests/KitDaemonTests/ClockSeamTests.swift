import Foundation
import KitClient
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// Clock jumps and time-zone changes, through the daemon's seams: a `DaemonClock` whose wall
/// time the test moves, and a `ZoneProvider` whose system zone the test changes. Everything
/// else is real: the sd-event loop and its CLOCK_REALTIME timer, the scheduler, SQLite on disk.
@Suite("Clock jumps and zone changes", .serialized)
struct ClockSeamTests {
    static let second = Nanoseconds.second

    @Test("a wall-clock jump past a task's due time fires it at once, marked late")
    func jumpForwardFiresLate() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "file report", due: "in 1h"))
        let events = try kit.subscriber(["task.*"])
        try kit.run(for: .milliseconds(300))
        #expect(try kit.tasks.store.task(id: task.id)?.dueFired == false, "nothing is due for an hour")

        kit.clock.jump(by: 2 * 3600 * Self.second)
        kit.daemon.wallClockChanged()
        let seen = try kit.events(on: events) { $0.contains { $0.name == Event.taskDue } }
        let due = try #require(seen.first { $0.name == Event.taskDue }).decode(TaskFireEvent.self)
        #expect(due.task.id == task.id && due.late)
        #expect(
            due.latenessNs > 3_500_000_000_000 && due.latenessNs < 3_700_000_000_000,
            "about an hour late: \(due.latenessNs) ns")
        #expect(try kit.tasks.store.task(id: task.id)?.dueFired == true)
    }

    /// With a window of 2, the jump passes the armed window's end: still one catch-up.
    @Test(
        "a jump past many tasks gathers them into one digest instead of a storm (not 'while off': kitd was on), however many popups are armed at a time",
        arguments: [4096, 2])
    func jumpForwardDigest(windowSize: Int) throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        kit.tasks.window.size = windowSize
        for index in 1...6 { _ = try kit.tasks.add(TaskAddParams(title: "chore \(index)", due: "in \(index)h")) }
        try kit.tasks.window.reload(now: kit.clock.now().wall)
        let events = try kit.subscriber(["task.*"])
        kit.clock.jump(by: 7 * 3600 * Self.second)
        kit.daemon.wallClockChanged()
        let seen = try kit.events(on: events) { $0.contains { $0.name == Event.taskMissed } }
        let missed = try #require(seen.first { $0.name == Event.taskMissed }).decode(TaskMissedEvent.self)
        #expect(missed.tasks.count == 6 && missed.title == "6 reminders missed")
        #expect(!seen.contains { $0.name == Event.taskDue }, "no single popups besides the digest")
        #expect(seen.filter { $0.name == Event.taskMissed }.count == 1)
        #expect(try kit.tasks.store.tasksByID().values.allSatisfy { $0.dueFired })
    }

    @Test("a jump back delays a task by the jump, and it fires when the clock gets there")
    func jumpBackDelays() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "stand up", due: "in 1s"))
        kit.clock.jump(by: -3600 * Self.second)
        kit.daemon.wallClockChanged()
        try kit.run(for: .seconds(2))
        #expect(try kit.tasks.store.task(id: task.id)?.dueFired == false, "an hour early on the new clock")
        kit.clock.jump(by: 3600 * Self.second)
        kit.daemon.wallClockChanged()
        #expect(try kit.run { (try? kit.tasks.store.task(id: task.id))??.dueFired == true })
    }

    @Test("the scheduler arms the loop's timer where the test clock's deadline falls on the system clock")
    func armsOnSystemClock() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        kit.clock.jump(by: 10 * 86_400 * Self.second)
        let task = try kit.tasks.add(TaskAddParams(title: "later", due: "in 1s"))
        let due = try #require(kit.tasks.window.alarms.due(of: TaskAlarm(task.id)))
        // Civil times keep whole seconds, so "in 1s" is due within the next second of the test clock.
        let ahead = due - kit.clock.now().wall
        #expect(ahead > -Self.second / 2 && ahead <= Self.second, "due \(ahead) ns ahead")
        #expect(try kit.run { (try? kit.tasks.store.task(id: task.id))??.dueFired == true })
    }

    @Test("a change of the system zone moves the tasks that follow it, keeps their local time, and leaves pinned ones")
    func zoneChange() throws {
        let kit = try DrivenDaemon(systemZone: "Asia/Seoul")
        defer { kit.stop() }
        let follows = try kit.tasks.add(TaskAddParams(title: "follows", due: "2030-01-01 09:00"))
        let pinned = try kit.tasks.add(
            TaskAddParams(title: "pinned", due: "2030-01-01 09:00", tz: "Europe/Berlin"))
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(follows.id)) == Timestamp.parse("2030-01-01T00:00:00Z"))
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(pinned.id)) == Timestamp.parse("2030-01-01T08:00:00Z"))

        kit.zones.setSystem("America/New_York")
        kit.daemon.zoneChanged()
        try kit.run { kit.tasks.resettle == nil }
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(follows.id)) == Timestamp.parse("2030-01-01T14:00:00Z"))
        #expect(kit.tasks.window.alarms.due(of: TaskAlarm(pinned.id)) == Timestamp.parse("2030-01-01T08:00:00Z"))
        let info = try kit.tasks.get(RecordRef("follows"))
        #expect(info.dueLocal == "2030-01-01T09:00:00" && info.effectiveZone == "America/New_York")
    }

    @Test("a zone change that puts a task's local time behind now fires it")
    func zoneChangeIntoThePast() throws {
        let kit = try DrivenDaemon(systemZone: "UTC")
        defer { kit.stop() }
        // Due in 30 minutes of UTC; in UTC+2 that local time was 90 minutes ago.
        let task = try kit.tasks.add(TaskAddParams(title: "call back", due: "in 30m"))
        try kit.run(for: .milliseconds(200))
        #expect(try kit.tasks.store.task(id: task.id)?.dueFired == false)
        kit.zones.setSystem("Africa/Cairo")
        kit.daemon.zoneChanged()
        #expect(try kit.run { (try? kit.tasks.store.task(id: task.id))??.dueFired == true })
    }
}
