import Foundation
import GRDB
import KitCore
import Testing

@testable import KitStore

@Suite("Timers in the database")
struct TimerStoreTests {
    static let s = Nanoseconds.second
    static let perSecond = Nanoseconds.nanosecondsPerSecond
    let now = ClockReading(
        boot: BootTime(nanoseconds: 100 * Self.perSecond), wall: WallTime(nanoseconds: 1_800_000_000 * Self.perSecond))

    func insert(
        _ database: KitDatabase, name: String?, seconds: Int64, boot: String = "boot-a", sound: SoundChoice? = nil
    ) throws -> Countdown {
        try database.timers.insertTimer(bootID: boot) { id throws(KitError) in
            try Countdown.started(id: id, name: name, duration: seconds * Self.s, now: now, sound: sound)
        }
    }

    @Test("every state round-trips through its row")
    func statesRoundTrip() throws {
        let database = try KitDatabase.inMemory()
        let running = try insert(database, name: "a", seconds: 60, sound: .theme("bell"))
        let paused = try insert(database, name: "b", seconds: 60, sound: .off).paused(at: now)
        let fired = try insert(database, name: "c", seconds: 60).fired(at: now, dueBeforeStart: true)
        let cancelled = try insert(database, name: nil, seconds: 60).cancelled(at: now)
        try database.timers.updateTimers([paused, fired, cancelled], bootID: "boot-a")
        try database.commit()
        for timer in [running, paused, fired, cancelled] {
            #expect(try database.timers.timer(id: timer.id, now: now, bootID: "boot-a") == timer)
        }
        #expect(try database.timers.listed(now: now).map(\.id) == [running.id, paused.id])
        #expect(
            try database.timers.listed(ended: 10, now: now).map(\.id) == [
                running.id, paused.id, cancelled.id, fired.id,
            ])
        #expect(try database.timers.latestEndedTimer(named: "C", now: now, bootID: "boot-a")?.id == fired.id)
    }

    @Test("names match without regard to case in every script SQLite does not fold")
    func nameMatchingBeyondASCII() throws {
        let database = try KitDatabase.inMemory()
        let timer = try insert(database, name: "Äpfel", seconds: 60).cancelled(at: now)
        try database.timers.updateTimers([timer], bootID: "boot-a")
        #expect(try database.timers.latestEndedTimer(named: "äPFEL", now: now, bootID: "boot-a")?.id == timer.id)
        #expect(try database.timers.latestEndedTimer(named: "Apfel", now: now, bootID: "boot-a") == nil)
    }

    @Test(
        "the latest ended timer of a name follows each end: a later end wins, a tie goes to the higher id, an earlier one does not"
    )
    func latestEndedFollowsEnds() throws {
        let database = try KitDatabase.inMemory()
        func reading(_ seconds: Int64) -> ClockReading {
            ClockReading(boot: now.boot, wall: WallTime(nanoseconds: now.wall.nanoseconds + seconds * Self.perSecond))
        }
        func latest(_ name: String) throws -> Int64? {
            try database.timers.latestEndedTimer(named: name, now: now, bootID: "boot-a")?.id
        }
        let first = try insert(database, name: "Tea", seconds: 60)
        let second = try insert(database, name: "tea", seconds: 60)
        let running = try insert(database, name: "tea", seconds: 60)
        let other = try insert(database, name: "egg", seconds: 60)
        #expect(try latest("tea") == nil, "no timer of that name has ended")

        try database.timers.updateTimers([first.cancelled(at: reading(10))], bootID: "boot-a")
        #expect(try latest("TEA") == first.id)
        try database.timers.updateTimers([second.cancelled(at: reading(10))], bootID: "boot-a")
        #expect(try latest("tea") == second.id, "the same end: the higher id")
        try database.timers.markTimersFired([try running.fired(at: reading(5), dueBeforeStart: false)])
        #expect(try latest("tea") == second.id, "an end before the latest one (the wall clock set back)")
        try database.timers.updateTimers([other.cancelled(at: reading(1))], bootID: "boot-a")
        #expect(try latest("egg") == other.id && latest("tea") == second.id)
        try database.timers.updateTimers([try running.fired(at: reading(20), dueBeforeStart: false)], bootID: "boot-a")
        #expect(try latest("tea") == running.id, "a later end of the same timer")
    }

    @Test("firing records the fire, and only for a running timer")
    func markFired() throws {
        let database = try KitDatabase.inMemory()
        let timer = try insert(database, name: "egg", seconds: 60)
        let fired = try timer.fired(at: now, dueBeforeStart: false)
        try database.timers.markTimersFired([fired])
        try database.commit()
        #expect(try database.timers.timer(id: timer.id, now: now, bootID: "boot-a") == fired)
        #expect(try database.timers.listed(now: now).isEmpty)
    }

    @Test("ids are never reused, even after the newest row is gone")
    func idsAreNotReused() throws {
        let database = try KitDatabase.inMemory()
        let first = try insert(database, name: nil, seconds: 1)
        try database.writeNow { try $0.execute(sql: "DELETE FROM timer") }
        let second = try insert(database, name: nil, seconds: 1)
        #expect(second.id == first.id + 1)
    }

    @Test("after a reboot a running timer keeps its wall-clock due instant")
    func rebootUsesWallClock() throws {
        let database = try KitDatabase.inMemory()
        let timer = try insert(database, name: "a", seconds: 300)
        try database.commit()
        let later = ClockReading(boot: BootTime(nanoseconds: 5 * Self.perSecond), wall: now.wall + 100 * Self.s)
        let restored = try #require(try database.timers.restoreActive(now: later, bootID: "boot-b").running.first)
        #expect(restored.deadline.boot - later.boot == 200 * Self.s)
        #expect(timer.id == restored.id)
    }

    @Test("a failed write inside the batch rolls back only itself")
    func failedWriteRollsBackOnlyItself() throws {
        let database = try KitDatabase.inMemory()
        _ = try insert(database, name: "kept", seconds: 60)
        #expect(throws: (any Error).self) {
            try database.write { db in
                try db.execute(
                    sql: "INSERT INTO timer (name, duration_ns, state, created_at_ns) VALUES ('x', 1, 'running', 0)")
            }
        }
        #expect(database.hasPendingChanges)
        try database.commit()
        #expect(!database.hasPendingChanges)
        #expect(try database.timers.listed(now: now).map(\.name) == ["kept"])
    }

    @Test("nothing of an uncommitted batch survives a reopen; a committed one does")
    func batchesAreDurableOnlyWhenCommitted() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kit.sqlite"
        do {
            let database = try KitDatabase.open(path: path, logger: .init(label: "test"))
            _ = try insert(database, name: "committed", seconds: 60)
            try database.commit()
            _ = try insert(database, name: "lost", seconds: 60)
        }
        let reopened = try KitDatabase.open(path: path, logger: .init(label: "test"))
        #expect(try reopened.timers.listed(now: now).compactMap(\.name) == ["committed"])
    }
}

@Suite("Active timers read from their rows")
struct ActiveTimerStoreTests {
    static let s = Nanoseconds.second
    static let perSecond = Nanoseconds.nanosecondsPerSecond
    let now = ClockReading(
        boot: BootTime(nanoseconds: 100 * Self.perSecond), wall: WallTime(nanoseconds: 1_800_000_000 * Self.perSecond))

    func insert(_ database: KitDatabase, name: String?, seconds: Int64) throws -> Countdown {
        try database.timers.insertTimer(bootID: "boot-a") { id throws(KitError) in
            try Countdown.started(id: id, name: name, duration: seconds * Self.s, now: now)
        }
    }

    @Test("after a reboot the schedule is restored for the new boot and written back, so a row read later agrees")
    func restoredDeadlinesAreWrittenBack() throws {
        let database = try KitDatabase.inMemory()
        let running = try insert(database, name: "tea", seconds: 300)
        let paused = try insert(database, name: "egg", seconds: 60).paused(at: now)
        try database.timers.updateTimer(paused, bootID: "boot-a")
        try database.commit()

        let later = ClockReading(boot: BootTime(nanoseconds: 5 * Self.perSecond), wall: now.wall + 100 * Self.s)
        let schedule = try database.timers.restoreActive(now: later, bootID: "boot-b")
        #expect(schedule.paused == [paused.id] && schedule.restored == 1)
        let deadline = try #require(schedule.running.first { $0.id == running.id }?.deadline)
        #expect(deadline.boot == later.boot + 200 * Self.s && deadline.wall == now.wall + 300 * Self.s)
        #expect(try database.timers.activeTimer(id: running.id)?.state == .running(deadline))
        #expect(try database.timers.activeTimer(id: paused.id) == paused)
        try database.commit()
        #expect(try database.timers.restoreActive(now: later, bootID: "boot-b").restored == 0)
    }

    @Test("active timers by name, in due order, and their names")
    func activeReads() throws {
        let database = try KitDatabase.inMemory()
        let long = try insert(database, name: "Pasta", seconds: 600)
        let short = try insert(database, name: "egg", seconds: 60)
        let paused = try insert(database, name: "pasta", seconds: 30).paused(at: now)
        let ended = try insert(database, name: "pasta", seconds: 30).cancelled(at: now)
        try database.timers.updateTimers([paused, ended], bootID: "boot-a")
        #expect(try database.timers.activeTimers(named: "PASTA").map(\.id) == [long.id, paused.id])
        #expect(try database.timers.listed(now: now).map(\.id) == [short.id, long.id, paused.id])
        #expect(try database.timers.activeNames(limit: 8) == ["Pasta", "egg", "pasta"])
        #expect(try database.timers.activeTimer(id: ended.id) == nil)
    }

    @Test(
        "a name lookup, the names of active timers and the latest ended timer of a name read a row each, in index order, whatever the history"
    )
    func activeNameReadsAreBounded() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try KitDatabase.open(path: directory + "/kit.sqlite", logger: .init(label: "test"))
        let details = try database.read { db in
            try [
                "SELECT id FROM timer WHERE name_key = 'tea' AND state IN ('running', 'paused') ORDER BY id",
                "SELECT DISTINCT name FROM timer INDEXED BY timer_active_name WHERE state IN ('running', 'paused') AND name IS NOT NULL ORDER BY name LIMIT 8",
                """
                SELECT timer.* FROM timer_last_ended JOIN timer ON timer.id = timer_last_ended.timer_id
                WHERE timer_last_ended.name_key = 'tea'
                """,
            ].map { sql in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(
                    separator: "; ")
            }
        }
        #expect(details[0].contains("timer_active_name_key"), "\(details[0])")
        #expect(details[1].contains("timer_active_name") && !details[1].contains("TEMP B-TREE"), "\(details[1])")
        #expect(
            details[2].contains("SEARCH timer_last_ended USING PRIMARY KEY")
                && details[2].contains("SEARCH timer USING INTEGER PRIMARY KEY") && !details[2].contains("SCAN"),
            "\(details[2])")
    }
}
