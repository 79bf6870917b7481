import KitCore
import KitTestValues
import Testing

/// The task schedule and firing plan: the clock seam. Clock jumps, zone changes, restarts and
/// resumes are all a different `now` or zone passed in.
@Suite("Task schedule and firing")
struct TaskFiringTests {
    static let hour = 3600 * Nanoseconds.second
    static let policy = CatchUpPolicy()

    func task(
        _ id: Int64 = 1, due: CivilDateTime, alerts: [Nanoseconds] = [], nag: Nanoseconds? = nil, zone: String? = nil,
        rule: String? = nil
    ) throws -> TaskItem {
        TaskItem(
            id: id, uid: "u\(id)", title: "task \(id)", zone: zone, anchor: due,
            recurrence: try rule.map { try Recurrence.parse($0) }, alerts: alerts, nag: nag,
            createdAt: utc("2026-01-01T00:00:00Z"))
    }

    func plan(_ due: [(Int64, TaskFire)], _ tasks: [TaskItem], now: String, started: String = "2026-01-01T00:00:00Z")
        -> TaskFirePlan
    {
        TaskFirePlan.plan(
            due.map { (id: $0.0, fire: $0.1) }, tasks: Dictionary(uniqueKeysWithValues: tasks.map { ($0.id, $0) }),
            now: utc(now), startedAt: utc(started), policy: Self.policy, zone: { _ in FixedOffset.utc })
    }

    @Test("pre-alerts come first, then the due popup, then nags")
    func pendingOrder() throws {
        let item = try task(due: at(2026, 11, 25, 18), alerts: [Self.hour, 600_000_000_000], nag: 900_000_000_000)
        #expect(item.pendingFires(in: FixedOffset.utc).map(\.fire) == [.alert(0), .alert(1), .due])
        #expect(
            item.pendingFires(in: FixedOffset.utc).map(\.at) == [
                utc("2026-11-25T17:00:00Z"), utc("2026-11-25T17:50:00Z"), utc("2026-11-25T18:00:00Z"),
            ])
        let fired = item.firing(.due, at: utc("2026-11-25T18:00:01Z"))
        #expect(fired.pendingFires(in: FixedOffset.utc) == [.init(fire: .nag, at: utc("2026-11-25T18:15:01Z"))])
    }

    @Test(
        "a task that follows the system zone keeps its local time when the zone changes; a pinned one keeps its instant"
    )
    func zoneChange() throws {
        let floating = try task(due: at(2026, 11, 25, 9))
        let berlin = FixedOffset(seconds: 3600)
        let seoul = FixedOffset(seconds: 9 * 3600)
        #expect(floating.due(in: berlin) == utc("2026-11-25T08:00:00Z"))
        #expect(floating.due(in: seoul) == utc("2026-11-25T00:00:00Z"))
        #expect(floating.occurrence == at(2026, 11, 25, 9))
        let pinned = try task(due: at(2026, 11, 25, 9), zone: "Asia/Seoul")
        let zoneOf: (TaskItem) -> any UTCOffsets = { $0.zone == "Asia/Seoul" ? seoul : berlin }
        #expect(pinned.due(in: zoneOf(pinned)) == utc("2026-11-25T00:00:00Z"))
    }

    @Test("on time, a due popup fires as itself")
    func onTime() throws {
        let item = try task(due: at(2026, 11, 25, 18))
        let result = plan([(1, .due)], [item], now: "2026-11-25T18:00:00.002Z")
        #expect(result.popups.count == 1 && result.missedCount == 0)
        guard case .due(let fired, _, let late) = result.popups[0] else {
            Issue.record("not a due popup")
            return
        }
        #expect(late == nil && fired.dueFired)
    }

    @Test("after a forward clock jump (or a resume) past the due time, the popup is marked missed and says how late")
    func clockJumpForward() throws {
        let item = try task(due: at(2026, 11, 25, 18))
        let result = plan([(1, .due)], [item], now: "2026-11-25T20:00:00Z")
        #expect(result.missedCount == 1)
        guard case .due(_, _, let late) = result.popups.first else {
            Issue.record("no due popup")
            return
        }
        #expect(late == 2 * Self.hour)
    }

    @Test("after the due popup fired, a backward clock jump brings nothing back")
    func clockJumpBackward() throws {
        let fired = try task(due: at(2026, 11, 25, 18)).firing(.due, at: utc("2026-11-25T18:00:00Z"))
        #expect(fired.pendingFires(in: FixedOffset.utc).isEmpty)
        #expect(plan([(1, .due)], [fired], now: "2026-11-25T17:00:00Z").popups.isEmpty)
    }

    @Test("a popup due before kitd started is missed even if only seconds late")
    func missedWhileDown() throws {
        let item = try task(due: at(2026, 11, 25, 18))
        let result = plan([(1, .due)], [item], now: "2026-11-25T18:00:03Z", started: "2026-11-25T18:00:02Z")
        #expect(result.missedCount == 1)
        guard case .due(_, _, let late) = result.popups.first else {
            Issue.record("no due popup")
            return
        }
        #expect(late == 3_000_000_000)
    }

    @Test("ten missed occurrences become one digest")
    func digest() throws {
        let items = try (1...10).map { try task(Int64($0), due: at(2026, 11, 25, 18, $0)) }
        let result = plan(
            items.map { ($0.id, .due) }, items, now: "2026-11-25T19:00:00Z", started: "2026-11-25T19:00:00Z")
        #expect(result.popups.count == 1)
        guard case .digest(let missed, let gathered, let title, let whileOff) = result.popups[0] else {
            Issue.record("no digest")
            return
        }
        #expect(missed.count == 10 && gathered.count == 10 && title.contains("10"))
        #expect(whileOff && title.contains("while off"), "they came due before this kitd started")
        #expect(result.updated.values.allSatisfy { $0.dueFired }, "all are recorded as fired: exactly once")
    }

    @Test("a missed pre-alert still fires while its due time is ahead, but not when the due popup fires too")
    func missedAlerts() throws {
        let item = try task(due: at(2026, 11, 25, 18), alerts: [Self.hour])
        let ahead = plan([(1, .alert(0))], [item], now: "2026-11-25T17:30:00Z", started: "2026-11-25T17:30:00Z")
        guard case .alert(_, 0, _, let late) = ahead.popups.first else {
            Issue.record("no alert")
            return
        }
        #expect(late)
        let both = plan(
            [(1, .alert(0)), (1, .due)], [item], now: "2026-11-25T19:00:00Z", started: "2026-11-25T19:00:00Z")
        #expect(both.popups.count == 1)
        if case .alert = both.popups[0] { Issue.record("the stale pre-alert was shown") }
    }

    @Test("done moves a repeating task to its next occurrence after now, never a duplicate; the last ends it")
    func completing() throws {
        let daily = try task(due: at(2026, 11, 23, 9), rule: "daily")
        let (next, done) = try daily.completed(at: utc("2026-11-25T20:00:00Z"), in: FixedOffset.utc)
        #expect(done == at(2026, 11, 23, 9) && next.occurrence == at(2026, 11, 26, 9) && next.isOpen && !next.dueFired)
        let early = try daily.completed(at: utc("2026-11-22T08:00:00Z"), in: FixedOffset.utc).0
        #expect(early.occurrence == at(2026, 11, 24, 9))
        let twice = try task(due: at(2026, 11, 23, 9), rule: "daily for 2 times")
        let afterFirst = try twice.completed(at: utc("2026-11-23T10:00:00Z"), in: FixedOffset.utc).0
        let afterSecond = try afterFirst.completed(at: utc("2026-11-24T10:00:00Z"), in: FixedOffset.utc).0
        #expect(afterFirst.isOpen && !afterSecond.isOpen)
        #expect(throws: KitError.self) {
            try afterSecond.snoozed(
                until: utc("2026-12-01T00:00:00Z"), now: utc("2026-11-25T00:00:00Z"), in: FixedOffset.utc)
        }
    }

    @Test("nextFire is always the first of pendingFires, over random task states")
    func nextFireMatches() throws {
        var generator = SplitMix64(seed: 42)
        for index in 0..<2_000 {
            var item = try task(
                Int64(index), due: at(2026, 11, 25, Int(generator.next() % 24)),
                alerts: (0..<Int(generator.next() % 4)).map { Int64($0 + 1) * 600_000_000_000 },
                nag: generator.next() % 2 == 0 ? 900_000_000_000 : nil)
            item.alertsFired = Int(generator.next() % 16)
            item.dueFired = generator.next() % 3 == 0
            if item.dueFired { item.lastNagAt = utc("2026-11-25T12:00:00Z") }
            if generator.next() % 4 == 0 { item.snoozedUntil = utc("2026-11-25T0\(generator.next() % 10):00:00Z") }
            if generator.next() % 10 == 0 { item.status = .done(at: utc("2026-11-25T00:00:00Z")) }
            #expect(item.nextFire(in: FoundationZone.berlin) == item.pendingFires(in: FoundationZone.berlin).first)
        }
    }

    @Test("a snooze puts a due popup off, but never brings a task forward")
    func snoozeOnlyPutsOff() throws {
        let item = try task(due: at(2026, 11, 25, 18), alerts: [.hour], rule: nil)
        let now = utc("2026-11-25T12:00:00Z")
        #expect(throws: KitError.self) {
            try item.snoozed(until: utc("2026-11-25T12:10:00Z"), now: now, in: FixedOffset.utc)
        }
        let later = try item.snoozed(until: utc("2026-11-25T19:00:00Z"), now: now, in: FixedOffset.utc)
        // Put off before it fired: the pre-alert for the old time goes too.
        #expect(later.pendingFires(in: FixedOffset.utc).map(\.at) == [utc("2026-11-25T19:00:00Z")])
        let fired = item.firing(.due, at: utc("2026-11-25T18:00:00Z"))
        let again = try fired.snoozed(
            until: utc("2026-11-25T18:10:00Z"), now: utc("2026-11-25T18:00:05Z"), in: FixedOffset.utc)
        #expect(again.pendingFires(in: FixedOffset.utc).map(\.fire) == [.due])
    }

    @Test("a daily 02:30 task across New York's spring-forward day fires at 03:30 EDT that day, then 02:30 again")
    func dailyAcrossSpringForward() throws {
        var item = try task(due: at(2027, 3, 13, 2, 30), zone: "America/New_York", rule: "daily")
        var dues: [WallTime] = []
        for _ in 0..<3 {
            dues.append(item.due(in: FoundationZone.newYork))
            item = try item.completed(at: item.due(in: FoundationZone.newYork), in: FoundationZone.newYork).0
        }
        #expect(dues == [utc("2027-03-13T07:30:00Z"), utc("2027-03-14T07:30:00Z"), utc("2027-03-15T06:30:00Z")])
    }

    @Test("a daily 01:30 task across fall-back fires once that night, at the first 01:30")
    func dailyAcrossFallBack() throws {
        var item = try task(due: at(2026, 10, 31, 1, 30), zone: "America/New_York", rule: "daily")
        var dues: [WallTime] = []
        for _ in 0..<3 {
            dues.append(item.due(in: FoundationZone.newYork))
            item = try item.completed(at: item.due(in: FoundationZone.newYork), in: FoundationZone.newYork).0
        }
        #expect(dues == [utc("2026-10-31T05:30:00Z"), utc("2026-11-01T05:30:00Z"), utc("2026-11-02T06:30:00Z")])
    }
}
