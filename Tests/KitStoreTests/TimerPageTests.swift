import Foundation
import GRDB
import KitCore
import Testing

@testable import KitStore

extension TimerStore {
    /// The whole list, read `limit` timers a page from the first page to the last; each page but
    /// the last must be full.
    func listed(ended: Int = 0, limit: Int = 10_000, now: ClockReading, bootID: String = "boot-a") throws
        -> [Countdown]
    {
        var timers: [Countdown] = []
        var position = TimerListPosition.start
        while true {
            let page = try timerPage(after: position, limit: limit, ended: ended, now: now, bootID: bootID)
            timers += page.timers
            guard let next = page.next else { return timers }
            #expect(page.timers.count == limit, "only the last page may be short")
            position = next
        }
    }
}

@Suite("The timer list, a page at a time")
struct TimerPageTests {
    static let s = Nanoseconds.second
    static let perSecond = Nanoseconds.nanosecondsPerSecond
    let now = ClockReading(
        boot: BootTime(nanoseconds: 100 * Self.perSecond), wall: WallTime(nanoseconds: 1_800_000_000 * Self.perSecond))

    func start(_ database: KitDatabase, seconds: Int64, at reading: ClockReading? = nil) throws -> Countdown {
        try database.timers.insertTimer(bootID: "boot-a") { id throws(KitError) in
            try Countdown.started(id: id, name: "t\(id)", duration: seconds * Self.s, now: reading ?? now)
        }
    }

    /// Running timers in groups due at one instant, started in an order that is not their due
    /// order; paused ones; and ended ones, some ending at one instant.
    func fill(_ database: KitDatabase) throws -> [Countdown] {
        var timers: [Countdown] = []
        for index in 0..<24 { timers.append(try start(database, seconds: 60 + Int64((7 * index) % 5))) }
        var changed: [Countdown] = []
        for (index, timer) in timers.enumerated() where index % 6 == 1 { changed.append(try timer.paused(at: now)) }
        for index in 0..<12 {
            let timer = try start(database, seconds: 30)
            let later = Int64(index % 3) * Self.s
            let at = ClockReading(boot: now.boot + later, wall: now.wall + later)
            changed.append(
                index % 2 == 0 ? try timer.cancelled(at: at) : try timer.fired(at: at, dueBeforeStart: false))
        }
        try database.timers.updateTimers(changed, bootID: "boot-a")
        try database.commit()
        var byID = Dictionary(uniqueKeysWithValues: timers.map { ($0.id, $0) })
        for timer in changed { byID[timer.id] = timer }
        return Array(byID.values)
    }

    /// The list's order, worked out here from the timers themselves.
    static func expectedOrder(_ timers: [Countdown], ended: Int) -> [Int64] {
        var running: [(due: Int64, id: Int64)] = []
        var paused: [Int64] = []
        var done: [(at: Int64, id: Int64)] = []
        for timer in timers {
            switch timer.state {
            case .running(let deadline): running.append((deadline.boot.nanoseconds, timer.id))
            case .paused: paused.append(timer.id)
            case .fired(let record): done.append((record.firedAt.nanoseconds, timer.id))
            case .cancelled(let at): done.append((at.nanoseconds, timer.id))
            }
        }
        running.sort { $0.due != $1.due ? $0.due < $1.due : $0.id < $1.id }
        done.sort { $0.at != $1.at ? $0.at > $1.at : $0.id > $1.id }
        return running.map(\.id) + paused.sorted() + done.prefix(ended).map(\.id)
    }

    @Test(
        "pages of any size join into the whole list in its order, with ties of due and end times, and no timer missing or twice"
    )
    func pagesJoinIntoTheList() throws {
        let database = try KitDatabase.inMemory()
        let timers = try fill(database)
        for ended in [0, 5, 1000] {
            let expected = Self.expectedOrder(timers, ended: ended)
            #expect(expected.count == (ended == 0 ? 24 : 24 + min(ended, 12)))
            for limit in [1, 2, 3, 4, 5, 7, 28, 29, 36, 1000] {
                let listed = try database.timers.listed(ended: ended, limit: limit, now: now).map(\.id)
                #expect(listed == expected, "ended \(ended), limit \(limit)")
            }
        }
    }

    @Test("the timers of a page are read from their rows as they are")
    func pageTimersAreTheRows() throws {
        let database = try KitDatabase.inMemory()
        let timers = try fill(database)
        let listed = try database.timers.listed(ended: 1000, limit: 5, now: now)
        let byID = Dictionary(uniqueKeysWithValues: timers.map { ($0.id, $0) })
        #expect(listed.allSatisfy { byID[$0.id] == $0 })
    }

    @Test("a page after a position goes on from that place in the order, whatever happened to its timer since")
    func changesBetweenPages() throws {
        let database = try KitDatabase.inMemory()
        // Due at 160 s (ids 1, 2, 3), 170 s (4, 5), 180 s (6).
        let due160 = try (0..<3).map { _ in try start(database, seconds: 60) }
        let due170 = try (0..<2).map { _ in try start(database, seconds: 70) }
        let due180 = try start(database, seconds: 80)
        try database.commit()
        let first = try database.timers.timerPage(after: .start, limit: 2, ended: 1000, now: now, bootID: "boot-a")
        #expect(first.timers.map(\.id) == due160.prefix(2).map(\.id))
        let next = try #require(first.next)
        #expect(next == .running(due: now.boot.nanoseconds + 60 * Self.perSecond, id: due160[1].id))

        // Between the pages: the timer the page ended with is cancelled, the first is paused,
        // one is started due before the place and one due after it.
        let cancelled = try due160[1].cancelled(at: now)
        let paused = try due160[0].paused(at: now)
        try database.timers.updateTimers([cancelled, paused], bootID: "boot-a")
        let earlier = try start(database, seconds: 10)
        let later = try start(database, seconds: 75)
        try database.commit()

        let rest = try database.timers.timerPage(after: next, limit: 100, ended: 1000, now: now, bootID: "boot-a")
        #expect(
            rest.timers.map(\.id) == [
                due160[2].id, due170[0].id, due170[1].id, later.id, due180.id, paused.id, cancelled.id,
            ], "the one started due earlier is before the place; the paused one comes again, paused")
        #expect(rest.next == nil)
        #expect(!rest.timers.contains { $0.id == earlier.id })
    }

    @Test("the ended part of the list gives at most its limit across all pages, and no next page after it")
    func endedLimitAcrossPages() throws {
        let database = try KitDatabase.inMemory()
        let timers = try fill(database)
        let ended = Array(Self.expectedOrder(timers, ended: 5).suffix(5))
        func page(after position: TimerListPosition, limit: Int) throws -> TimerStore.TimerPage {
            try database.timers.timerPage(after: position, limit: limit, ended: 5, now: now, bootID: "boot-a")
        }
        let first = try page(after: .paused(id: .max), limit: 3)
        #expect(first.timers.map(\.id) == Array(ended.prefix(3)))
        let next = try #require(first.next)
        guard case .ended(_, _, let listed) = next else {
            Issue.record("the first page ends among the ended timers: \(next)")
            return
        }
        #expect(listed == 3)
        for limit in [2, 3] {
            let last = try page(after: next, limit: limit)
            #expect(last.timers.map(\.id) == Array(ended.suffix(2)) && last.next == nil, "limit \(limit)")
        }
        let past = try page(after: .ended(endedAt: 0, id: 1, listed: 5), limit: 3)
        #expect(past.timers.isEmpty && past.next == nil)
    }

    @Test("each statement of a page walks the index of its part of the order, without a sort")
    func pageStatementsUseTheirIndexes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try KitDatabase.open(path: directory + "/kit.sqlite", logger: .init(label: "test"))
        let plans = try database.read { db in
            try TimerStore.PageSQL.all.map { sql in
                let arguments = StatementArguments(Array(repeating: 1, count: sql.filter { $0 == "?" }.count))
                return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                    .map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        let expected = [
            "SCAN timer USING INDEX timer_running_due",
            "SEARCH timer USING INDEX timer_running_due (due_boot_ns=? AND rowid>?)",
            "SEARCH timer USING INDEX timer_running_due (due_boot_ns>?)",
            "SEARCH timer USING INDEX timer_active (state=? AND rowid>?)",
            "SCAN timer USING INDEX timer_ended",
            "SEARCH timer USING INDEX timer_ended (ended_at_ns=? AND rowid<?)",
            "SEARCH timer USING INDEX timer_ended (ended_at_ns<?)",
        ]
        #expect(plans == expected)
    }
}
