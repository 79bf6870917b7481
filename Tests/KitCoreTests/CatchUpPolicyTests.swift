import KitCore
import KitTestValues
import Testing

@Suite("Catching up on what came due while kitd was off")
struct CatchUpPolicyTests {
    static let hour = 3600 * Nanoseconds.second
    static let now = utc("2026-11-21T12:00:00Z")

    static func missed(_ id: Int, hoursAgo: Double) -> MissedOccurrence<Int> {
        MissedOccurrence(id: id, due: now + Nanoseconds(Int64(hoursAgo * hour.seconds * 1e9)) * -1)
    }

    @Test("a few recent ones fire on their own, oldest first, each saying how late it is")
    func fewRecentFireIndividually() {
        let plan = CatchUpPolicy().plan([Self.missed(1, hoursAgo: 1), Self.missed(2, hoursAgo: 2)], now: Self.now)
        #expect(plan.individual.map(\.id) == [2, 1])
        #expect(plan.digest.isEmpty)
        #expect(plan.digestTitle == nil)
        #expect(plan.individual[0].lateText(at: Self.now) == "due 2h ago")
    }

    @Test("stale ones go into the digest while recent ones still fire")
    func staleGoToDigest() {
        let plan = CatchUpPolicy().plan(
            [Self.missed(1, hoursAgo: 30), Self.missed(2, hoursAgo: 1), Self.missed(3, hoursAgo: 13)], now: Self.now)
        #expect(plan.individual.map(\.id) == [2])
        #expect(plan.digest.map(\.id) == [1, 3])
        #expect(plan.digestTitle == "2 reminders missed while off")
    }

    @Test("more recent ones than the threshold are all gathered: no storm")
    func stormBecomesDigest() {
        let missed = (1...5).map { Self.missed($0, hoursAgo: Double($0)) }
        let plan = CatchUpPolicy().plan(missed, now: Self.now)
        #expect(plan.individual.isEmpty)
        #expect(plan.digest.map(\.id) == [5, 4, 3, 2, 1])
        #expect(plan.digestTitle == "5 reminders missed while off")
    }

    @Test("exactly the threshold still fires individually; the window's edge counts as recent")
    func edges() {
        let three = [Self.missed(1, hoursAgo: 12), Self.missed(2, hoursAgo: 0.5), Self.missed(3, hoursAgo: 3)]
        let plan = CatchUpPolicy().plan(three, now: Self.now)
        #expect(plan.individual.map(\.id) == [1, 3, 2])
        #expect(plan.digest.isEmpty)
        let one = CatchUpPolicy().plan([Self.missed(9, hoursAgo: 12.01)], now: Self.now)
        #expect(one.digest.map(\.id) == [9])
        #expect(one.digestTitle == "1 reminder missed while off")
    }

    @Test("entries not yet due are returned untouched, and every entry lands in exactly one list")
    func notDueAndCoverage() {
        let input = [Self.missed(1, hoursAgo: -1), Self.missed(2, hoursAgo: 2), Self.missed(3, hoursAgo: 20)]
        let plan = CatchUpPolicy(stalenessWindow: 6 * Self.hour, threshold: 1).plan(input, now: Self.now)
        #expect(plan.notDue.map(\.id) == [1])
        #expect(plan.individual.map(\.id) == [2])
        #expect(plan.digest.map(\.id) == [3])
        #expect(Set((plan.notDue + plan.individual + plan.digest).map(\.id)) == [1, 2, 3])
    }

    @Test("a threshold of zero gathers everything")
    func zeroThreshold() {
        let plan = CatchUpPolicy(threshold: 0).plan([Self.missed(1, hoursAgo: 1)], now: Self.now)
        #expect(plan.individual.isEmpty)
        #expect(plan.digest.map(\.id) == [1])
    }
}
