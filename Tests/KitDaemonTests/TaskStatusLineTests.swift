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
}
