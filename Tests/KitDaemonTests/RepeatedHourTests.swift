import Foundation
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// New York's fall-back night, 2027-11-07: 01:30 comes twice, at 05:30Z (EDT) and at 06:30Z
/// (EST). The expected instants are written out here, not computed by kit.
@Suite("The repeated hour of a fall-back night")
struct RepeatedHourTests {
    @Test(
        "a due time typed with the second hour's offset is that instant, with or without --tz; the first hour's offset and no offset are the first",
        arguments: [
            ("2027-11-07T01:30-05:00", nil, "2027-11-07T06:30:00.000000Z"),
            ("2027-11-07 01:30-05:00", nil, "2027-11-07T06:30:00.000000Z"),
            ("2027-11-07T01:30-05:00", "America/New_York", "2027-11-07T06:30:00.000000Z"),
            ("2027-11-07T01:30-04:00", nil, "2027-11-07T05:30:00.000000Z"),
            ("2027-11-07T01:30-04:00", "America/New_York", "2027-11-07T05:30:00.000000Z"),
            ("2027-11-07 01:30", nil, "2027-11-07T05:30:00.000000Z"),
        ] as [(String, String?, String)])
    func offsetWins(due: String, tz: String?, expected: String) throws {
        let kit = try DrivenDaemon(systemZone: "America/New_York")
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "x", due: due, tz: tz))
        #expect(task.dueAt == expected)
    }

    @Test("'in …' that lands in the second 01:30 is that instant, not an hour early")
    func relativeLandsInSecondHour() throws {
        let kit = try DrivenDaemon(systemZone: "America/New_York")
        defer { kit.stop() }
        // 2027-11-07 00:40 EDT, whole seconds.
        let target = WallTime(nanoseconds: 1_825_562_400 * Nanoseconds.nanosecondsPerSecond)
        kit.clock.jump(by: target - kit.clock.now().wall)
        #expect(Timestamp.rfc3339(kit.clock.now().wall).hasPrefix("2027-11-07T04:40:00"))
        let task = try kit.tasks.add(TaskAddParams(title: "x", due: "in 1h50m"))
        #expect(task.dueAt.hasPrefix("2027-11-07T06:30:00"), "\(task.dueAt)")
        let early = try kit.tasks.add(TaskAddParams(title: "y", due: "in 50m"))
        #expect(early.dueAt.hasPrefix("2027-11-07T05:30:00"), "\(early.dueAt)")
    }
}

extension RepeatedHourTests {
    @Test("a daily 01:30 task done at 01:10 standard time moves to the next day, not to the 01:30 that passed")
    func doneInRepeatedHour() throws {
        let kit = try DrivenDaemon(systemZone: "America/New_York")
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "back up", due: "2027-11-06 01:30", repeat: "daily"))
        #expect(task.dueAt == "2027-11-06T05:30:00.000000Z")
        // 2027-11-07 01:10 EST (06:10Z): the task still waits at 6 November, overdue.
        let target = WallTime(nanoseconds: 1_825_567_800 * Nanoseconds.nanosecondsPerSecond)
        kit.clock.jump(by: target - kit.clock.now().wall)
        try kit.run(for: .milliseconds(100))
        let done = try kit.tasks.done(RecordRef(String(task.id)))
        // 8 November 01:30 EST.
        #expect(done.dueAt == "2027-11-08T06:30:00.000000Z", "\(done.dueAt)")
        #expect(!done.overdue)
    }
}
