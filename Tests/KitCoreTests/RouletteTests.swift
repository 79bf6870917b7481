import Foundation
import KitCore
import Testing

@Suite("Lunch roulette")
struct RouletteTests {
    typealias F = PlaceFixtures

    static let day = 86_400 * Nanoseconds.second
    let now = WallTime(nanoseconds: 1_800_000_000 * Nanoseconds.nanosecondsPerSecond)
    let places = (1...9).map { F.place(Int64($0), "place \($0)", $0 <= 6 ? ["area=수원역"] : ["area=광교"]) }

    func ids(_ result: RouletteResult) -> [Int64] { result.picks.map(\.id) }

    @Test("the same seed and inputs give the same pick; different seeds do not all agree")
    func seeded() throws {
        let roulette = Roulette(count: 3)
        let first = try roulette.spin(places, now: now, seed: 2024)
        let again = try roulette.spin(places.reversed(), now: now, seed: 2024)
        #expect(first == again)
        let picks = try Set((0..<20).map { try ids(roulette.spin(places, now: now, seed: $0)) })
        #expect(picks.count > 1)
    }

    @Test("picks are distinct places that match the filter")
    func distinctAndMatching() throws {
        let roulette = Roulette(filter: F.filter("area=수원역"), count: 6)
        for seed: UInt64 in 0..<50 {
            let result = try roulette.spin(places, now: now, seed: seed)
            #expect(Set(ids(result)) == Set(1...6))
            #expect(result.candidateCount == 6 && result.rotation == nil && result.notes.isEmpty)
        }
    }

    @Test("rotation visits all N matching places in N picks before any repeat, round after round")
    func rotation() throws {
        for count in [1, 2, 4] {
            let roulette = Roulette(filter: F.filter("area=수원역"), count: count, rotate: true)
            var state: RotationState?
            var sequence: [Int64] = []
            for seed: UInt64 in 0..<UInt64(6 * 4) {
                let result = try roulette.spin(places, rotation: state, now: now, seed: seed)
                #expect(Set(ids(result)).count == count)
                #expect(result.rotation?.filterKey == "area=수원역")
                sequence += ids(result)
                state = result.rotation
            }
            for start in stride(from: 0, to: sequence.count - 5, by: 6) {
                #expect(Set(sequence[start..<start + 6]) == Set(1...6), "count \(count): \(sequence)")
            }
        }
    }

    @Test("a place added mid-round joins the round and a removed one leaves it")
    func rotationWithChangingCandidates() throws {
        let roulette = Roulette(rotate: true)
        let three = Array(places.prefix(3))
        let state = RotationState(filterKey: roulette.rotationKey, round: 2, pickedIDs: [1, 2])
        // Place 2 was deleted and place 10 added: the round still owes 3 and 10.
        let current = [three[0], three[2], F.place(10, "new")]
        let first = try roulette.spin(current, rotation: state, now: now, seed: 1)
        let second = try roulette.spin(current, rotation: first.rotation, now: now, seed: 2)
        #expect(Set(ids(first) + ids(second)) == [3, 10])
        #expect(second.rotation == RotationState(filterKey: "", round: 2, pickedIDs: [1, 3, 10]))
        let third = try roulette.spin(current, rotation: second.rotation, now: now, seed: 3)
        #expect(third.startedNewRound && third.rotation?.round == 3 && third.rotation?.pickedIDs == ids(third))
        #expect(third.notes.first?.contains("round 3") == true)
    }

    @Test("a rotation state kept for another filter is ignored")
    func foreignState() throws {
        let roulette = Roulette(filter: F.filter("area=광교"), rotate: true)
        let foreign = RotationState(filterKey: "area=수원역", round: 5, pickedIDs: [7, 8])
        let result = try roulette.spin(places, rotation: foreign, now: now, seed: 0)
        #expect(result.rotation?.round == 1 && result.rotation?.pickedIDs == ids(result))
    }

    @Test("over 10,000 seeded picks a weight-3 place comes up about three times as often as a weight-1 place")
    func weights() throws {
        let candidates = [F.place(1, "heavy", weight: 3), F.place(2, "light"), F.place(3, "also light")]
        let roulette = Roulette(weighted: true)
        var counts: [Int64: Int] = [:]
        for seed: UInt64 in 0..<10_000 {
            counts[try ids(roulette.spin(candidates, now: now, seed: seed))[0], default: 0] += 1
        }
        let ratio = Double(counts[1, default: 0]) / Double(counts[2, default: 1])
        #expect((2.7...3.3).contains(ratio), "\(counts)")
        let uniform = Roulette()
        var plain: [Int64: Int] = [:]
        for seed: UInt64 in 0..<10_000 {
            plain[try ids(uniform.spin(candidates, now: now, seed: seed))[0], default: 0] += 1
        }
        #expect(plain.values.allSatisfy { (3_000...3_700).contains($0) }, "\(plain)")
    }

    @Test("avoid-recent skips places picked or visited within the window")
    func avoidRecent() throws {
        let history = (1...5).map { id in
            PlaceHistoryEntry(
                placeID: Int64(id), at: now + (-Self.day * Int64(id)), kind: id.isMultiple(of: 2) ? .visited : .picked)
        }
        // Within 7 days: 1 to 5. Place 6 is the only one left in 수원역.
        let roulette = Roulette(filter: F.filter("area=수원역"), avoidRecent: 7 * Self.day)
        for seed: UInt64 in 0..<20 {
            let result = try roulette.spin(places, history: history, now: now, seed: seed)
            #expect(ids(result) == [6] && !result.includesRecent && result.notes.isEmpty)
        }
        // Within 3 days: 1 to 3 (the window includes its start).
        let shorter = Roulette(filter: F.filter("area=수원역"), count: 3, avoidRecent: 3 * Self.day)
        #expect(Set(try ids(shorter.spin(places, history: history, now: now, seed: 5))) == [4, 5, 6])
    }

    @Test("avoid-recent falls back to every candidate, and says so, when all were recent")
    func avoidRecentFallback() throws {
        let candidates = Array(places.prefix(2))
        let history = [
            PlaceHistoryEntry(placeID: 1, at: now + (-Self.day), kind: .picked),
            PlaceHistoryEntry(placeID: 2, at: now + Self.day, kind: .visited),
        ]
        let roulette = Roulette(avoidRecent: 7 * Self.day)
        let result = try roulette.spin(candidates, history: history, now: now, seed: 1)
        #expect(result.picks.count == 1 && result.includesRecent)
        #expect(
            result.notes == [
                "every matching place was picked or visited in the last 7d, so the pick includes recent places anyway"
            ])
        let two = try Roulette(count: 2, avoidRecent: 7 * Self.day).spin(
            Array(places.prefix(3)), history: history, now: now, seed: 1)
        #expect(ids(two).first == 3 && two.includesRecent)
        #expect(two.notes.first?.hasPrefix("only 1 of the 2 picks avoid") == true)
    }

    @Test("weights and rotation each combine with avoid-recent")
    func combinations() throws {
        let history = [PlaceHistoryEntry(placeID: 1, at: now, kind: .visited)]
        let weighted = Roulette(filter: F.filter("area=수원역"), count: 5, weighted: true, avoidRecent: Self.day)
        for seed: UInt64 in 0..<20 {
            #expect(!(try ids(weighted.spin(places, history: history, now: now, seed: seed))).contains(1))
        }
        let rotating = Roulette(filter: F.filter("area=수원역"), count: 5, rotate: true, avoidRecent: Self.day)
        let first = try rotating.spin(places, history: history, now: now, seed: 4)
        #expect(Set(ids(first)) == [2, 3, 4, 5, 6] && !first.includesRecent)
        // Only place 1 is left in the round; rotation wins over avoid-recent.
        let second = try rotating.spin(places, history: history, rotation: first.rotation, now: now, seed: 4)
        #expect(ids(second).first == 1 && second.includesRecent)
        #expect(second.notes.contains { $0.hasPrefix("only 4 of the 5 picks avoid") })
        let single = Roulette(filter: F.filter("area=수원역"), rotate: true, avoidRecent: Self.day)
        let last = try single.spin(places, history: history, rotation: first.rotation, now: now, seed: 4)
        #expect(ids(last) == [1])
        #expect(last.notes.contains { $0.hasPrefix("every place left in this rotation round was picked") })
    }

    @Test("impossible requests are refused with a message saying what to do")
    func refusals() {
        let tooMany = #expect(throws: KitError.self) {
            try Roulette(filter: F.filter("area=광교"), count: 4).spin(places, now: now, seed: 0)
        }
        #expect(tooMany?.message == "cannot pick 4 different places: only 3 match area=광교; ask for at most 3")
        let none = #expect(throws: KitError.self) {
            try Roulette(filter: F.filter("area=광교", "kind=일식")).spin(places, now: now, seed: 0)
        }
        #expect(none?.message.hasPrefix("no place has kind=일식 among the 3 places with area=광교") == true)
        #expect(throws: KitError.self) { try Roulette(count: 0).spin(places, now: now, seed: 0) }
        #expect(throws: KitError.self) { try Roulette(avoidRecent: 0).spin(places, now: now, seed: 0) }
        #expect(throws: KitError.self) { try Roulette(avoidRecent: .min).spin(places, now: now, seed: 0) }
        #expect(throws: KitError.self) { try Roulette(avoidRecent: .max).spin(places, now: now, seed: 0) }
        #expect(throws: KitError.self) { try Roulette().spin([], now: now, seed: 0) }
    }

    @Test("odd inputs do not crash: huge windows, bad weights, repeated ids")
    func oddInputs() throws {
        let odd = [F.place(1, "a", weight: 0), F.place(1, "dup", weight: -5), F.place(2, "b", weight: .max)]
        let result = try Roulette(count: 2, weighted: true, avoidRecent: DurationParser.maximum).spin(
            odd, history: [PlaceHistoryEntry(placeID: 1, at: WallTime(nanoseconds: .min), kind: .picked)],
            now: WallTime(nanoseconds: .min), seed: .max)
        #expect(Set(ids(result)) == [1, 2])
        let worn = RotationState(filterKey: "", round: .max, pickedIDs: [1, 2])
        #expect(try Roulette(rotate: true).spin(odd, rotation: worn, now: now, seed: 0).rotation?.round == 1)
    }

    @Test("the rotation state round-trips through JSON with its ids sorted")
    func rotationStateJSON() throws {
        let state = RotationState(filterKey: "area=수원역", round: 2, pickedIDs: [3, 1])
        let encoded = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(RotationState.self, from: encoded) == state && state.pickedIDs == [1, 3])
    }
}
