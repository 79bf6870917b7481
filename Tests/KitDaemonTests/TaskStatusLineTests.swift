import Foundation
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

@Suite("Tasks in systemd's status line")
struct TaskStatusLineTests {
    @Test("overdue tasks are counted as they come due, are done, are deleted, and when the clock goes back")
    func overdueCount() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let first = try kit.tasks.add(TaskAddParams(title: "stretch", due: "in 1m"))
        let second = try kit.tasks.add(TaskAddParams(title: "water", due: "in 2m"))
        try kit.run(for: .milliseconds(20))
        #expect(kit.daemon.statusLine() == "idle: no timers")
        kit.advance(by: 61 * DrivenDaemon.second)
        try kit.run(for: .milliseconds(50))
        #expect(kit.daemon.statusLine() == "1 task overdue")
        kit.advance(by: 60 * DrivenDaemon.second)
        try kit.run(for: .milliseconds(50))
        #expect(kit.daemon.statusLine() == "2 tasks overdue")
        #expect(kit.tasks.summary(now: kit.clock.now().wall).overdue == 2)
        // The wall clock set back 30 s: the second is no longer past its due time.
        kit.clock.jump(by: -30 * DrivenDaemon.second)
        kit.daemon.wallClockChanged()
        #expect(kit.daemon.statusLine() == "1 task overdue")
        kit.clock.jump(by: 30 * DrivenDaemon.second)
        kit.daemon.wallClockChanged()
        _ = try kit.tasks.done(RecordRef(String(first.id)))
        #expect(kit.daemon.statusLine() == "1 task overdue")
        _ = try kit.tasks.delete(RecordRef(String(second.id)))
        #expect(kit.daemon.statusLine() == "idle: no timers")
    }

    @Test("daemon.status's task summary, kept as tasks change, agrees with a walk over every task")
    func summaryAgreesWithAWalk() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        func walked() throws -> DaemonStatusResult.TaskSummary {
            let open = try kit.tasks.store.tasksByID().values.filter(\.isOpen)
            let overdue = open.filter { kit.tasks.overdueIDs.contains($0.id) }
            // The next is the one whose popup comes first: a snoozed task's when its snooze ends.
            var next: (task: TaskItem, comes: WallTime, snoozed: WallTime?)?
            let now = kit.clock.now().wall
            for task in open where !kit.tasks.overdueIDs.contains(task.id) {
                let state = task.occurrenceState(now: now, in: kit.tasks.zone(of: task))
                let comes = state.snoozedUntil ?? task.due(in: kit.tasks.zone(of: task))
                if let current = next, current.comes < comes || (current.comes == comes && current.task.id < task.id) {
                    continue
                }
                next = (task, comes, state.snoozedUntil)
            }
            var summary = DaemonStatusResult.TaskSummary(open: open.count, overdue: overdue.count, next: nil)
            if let next {
                summary.next = DaemonStatusResult.TaskSummary.Next(
                    id: next.task.id, title: next.task.occurrenceTitle,
                    dueAt: Timestamp.rfc3339(next.task.due(in: kit.tasks.zone(of: next.task))),
                    snoozedUntil: next.snoozed.map { Timestamp.rfc3339($0) })
            }
            return summary
        }
        func check(_ step: String) throws {
            let kept = kit.tasks.summary(now: kit.clock.now().wall)
            let walk = try walked()
            #expect(kept == walk, "\(step)")
        }
        let stretch = try kit.tasks.add(TaskAddParams(title: "stretch", due: "in 1m"))
        let water = try kit.tasks.add(TaskAddParams(title: "water", due: "in 2m", repeat: "daily"))
        _ = try kit.tasks.add(TaskAddParams(title: "tie", due: "in 2m"))
        try check("added")
        #expect(kit.tasks.summary(now: kit.clock.now().wall).next?.id == stretch.id)
        kit.advance(by: 61 * DrivenDaemon.second)
        try kit.run(for: .milliseconds(50))
        try check("stretch overdue")
        #expect(kit.tasks.summary(now: kit.clock.now().wall).overdue == 1)
        _ = try kit.tasks.snooze(TaskSnoozeParams(ref: String(stretch.id), for: "10m"))
        try check("stretch snoozed")
        _ = try kit.tasks.done(RecordRef(String(water.id)))
        try check("a repeating task done moves to its next day")
        _ = try kit.tasks.done(RecordRef("tie"))
        try check("tie done")
        _ = try kit.tasks.delete(RecordRef(String(stretch.id)))
        try check("stretch deleted")
        kit.clock.jump(by: 2 * 86_400 * DrivenDaemon.second)
        kit.daemon.wallClockChanged()
        try check("two days later")
        #expect(kit.tasks.summary(now: kit.clock.now().wall).overdue == 1)
    }
}
