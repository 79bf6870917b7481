import KitCore
import Testing

@Suite("The agenda of what is due next")
struct AgendaTests {
    @Test("pops entries in due order, ties broken by key")
    func popsInDueOrder() {
        var agenda = Agenda<Int>()
        agenda.schedule(3, at: 300)
        agenda.schedule(1, at: 100)
        agenda.schedule(4, at: 100)
        agenda.schedule(2, at: 200)
        #expect(agenda.next()?.key == 1)
        #expect(agenda.popDue(atOrBefore: 250).map(\.key) == [1, 4, 2])
        #expect(agenda.count == 1)
        #expect(agenda.popDue(atOrBefore: 299).isEmpty)
        #expect(agenda.popDue(atOrBefore: 300).map(\.key) == [3])
        #expect(agenda.isEmpty && agenda.next() == nil)
    }

    @Test("rescheduling moves an entry and never fires the old instant")
    func reschedulingMoves() {
        var agenda = Agenda<Int>()
        agenda.schedule(1, at: 100)
        agenda.schedule(2, at: 150)
        agenda.schedule(1, at: 500)
        #expect(agenda.popDue(atOrBefore: 200).map(\.key) == [2])
        #expect(agenda.next()?.due == 500)
        #expect(agenda.popDue(atOrBefore: 1000).map(\.key) == [1])
    }

    @Test("removed entries never come due")
    func removedEntriesStayRemoved() {
        var agenda = Agenda<Int>()
        agenda.schedule(1, at: 100)
        agenda.schedule(2, at: 200)
        agenda.remove(1)
        agenda.remove(99)
        #expect(agenda.count == 1)
        #expect(agenda.popDue(atOrBefore: 1000).map(\.key) == [2])
    }

    @Test("bulk loading equals scheduling one by one")
    func bulkLoad() {
        let entries = (0..<500).map { (key: $0, due: Int64(($0 * 7919) % 1000)) }
        var bulk = Agenda(entries)
        var single = Agenda<Int>()
        for entry in entries { single.schedule(entry.key, at: entry.due) }
        #expect(bulk.popDue(atOrBefore: .max).map(\.key) == single.popDue(atOrBefore: .max).map(\.key))
    }

    @Test("matches a brute-force model under many random changes")
    func matchesBruteForce() {
        var generator = SplitMix(seed: 42)
        var agenda = Agenda<Int>()
        var model: [Int: Int64] = [:]
        var now: Int64 = 0
        for _ in 0..<20_000 {
            let key = Int(generator.next() % 300)
            switch generator.next() % 4 {
            case 0, 1:
                let due = now + Int64(generator.next() % 1000)
                agenda.schedule(key, at: due)
                model[key] = due
            case 2:
                agenda.remove(key)
                model[key] = nil
            default:
                now += Int64(generator.next() % 50)
                let expected = model.filter { $0.value <= now }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(
                    \.key)
                #expect(agenda.popDue(atOrBefore: now).map(\.key) == expected)
                for key in expected { model[key] = nil }
            }
            #expect(agenda.count == model.count)
        }
    }
}

/// A small deterministic generator for tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
