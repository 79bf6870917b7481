import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// kitd keeps only its timers' schedule in memory and reads each countdown from its row when it
/// needs one, keeping the last few thousand. These run more timers than that cache holds.
@Suite("Timers read from their rows", .serialized)
struct TimerScheduleTests {
    static let second = DrivenDaemon.second
    /// More than the `RecordCache` of countdowns keeps, so the first timers are read back from the database.
    static let count = 4_200

    @Test("timers the cache no longer holds are found by id and name, paused, listed in due order and fired")
    func beyondTheCache() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        var started: [TimerInfo] = []
        for index in 0..<Self.count {
            let length = Int64(60 + (Self.count - index)) * Self.second
            started.append(try kit.timers.start(TimerStartParams(durationNs: length, name: "t\(index)")))
        }
        try kit.run(for: .milliseconds(50))

        let first = try #require(started.first)
        #expect(try kit.timers.get(RecordRef(String(first.id))).name == "t0")
        #expect(try kit.timers.get(RecordRef("T1")).id == started[1].id, "names match without regard to case")
        #expect(try kit.timers.pause(RecordRef("t2")).state == .paused)
        #expect(kit.timers.counts.running == Self.count - 1 && kit.timers.counts.paused == 1)

        let listed = try kit.timers.listed()
        #expect(listed.count == Self.count)
        #expect(listed.first?.id == started.last?.id, "the shortest timer, started last, is due first")
        #expect(listed.last?.id == started[2].id, "paused timers come after the running ones")

        try kit.restart()
        #expect(kit.timers.counts.running == Self.count - 1 && kit.timers.counts.paused == 1)
        #expect(try kit.timers.get(RecordRef("t2")).state == .paused)
        #expect(kit.timers.nextDue()?.id == started.last?.id)

        let last = RecordRef(String(started[Self.count - 1].id))
        // Just past the shortest timer's due, reckoned from what it has left now (the
        // restart took real time too); the next is due a second after it.
        let left = try #require(kit.timers.nextDue()).remaining(at: kit.clock.now().boot)
        kit.advance(by: left + Self.second / 100)
        try kit.run(for: .seconds(5)) { (try? kit.timers.get(last).state) == .fired }
        #expect(try kit.timers.get(last).state == .fired, "the shortest timer was due after 61 s")
        #expect(try kit.timers.get(RecordRef("t\(Self.count - 2)")).state == .running, "the next is due a second later")
        #expect(kit.timers.counts.running == Self.count - 2)
    }

    @Test("an unknown name lists some active names, without reading every timer into memory")
    func unknownName() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "pasta"))
        _ = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "egg"))
        #expect {
            _ = try kit.timers.get(RecordRef("rice"))
        } throws: { error in
            (error as? KitError)?.description.contains("no timer named 'rice'; active: egg, pasta") == true
        }
    }
}
