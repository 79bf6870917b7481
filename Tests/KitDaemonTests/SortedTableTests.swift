import KitCore
import Testing

@testable import KitDaemon

@Suite("Sorted tables")
struct SortedTableTests {
    @Test("holds what a Dictionary holds, through sets, removals and compacting, in any order, and lists it by key")
    func sameAsADictionary() {
        var table = SortedTable<String>()
        var reference: [Int: String] = [:]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4_000 {
            let key = Int.random(in: -300...300, using: &generator)
            switch round % 4 {
            case 0: #expect(table.removeValue(forKey: key) == reference.removeValue(forKey: key))
            case 1:
                table[key] = nil
                reference[key] = nil
            default:
                table[key] = "\(round)"
                reference[key] = "\(round)"
            }
            if round % 500 == 0 { table.compact() }
            #expect(table.count == reference.count)
        }
        for key in -310...310 { #expect(table[key] == reference[key]) }
        #expect(table.map(\.key) == reference.keys.sorted())
        #expect(table.map(\.value) == reference.keys.sorted().map { reference[$0]! })
        #expect(table.keys { $0.hasSuffix("1") } == reference.filter { $0.value.hasSuffix("1") }.keys.sorted())
        table.removeAll()
        #expect(table.isEmpty && table[0] == nil)
    }

    @Test("a set-aside file's entry keeps its first instant exactly and its last occurrence to the minute after")
    func laterRoundsUp() {
        let at = WallTime(nanoseconds: 1_800_000_000_123_456_789)
        let since = WallTime(nanoseconds: 1_799_999_000_000_000_001)
        let far = WatchedCollection.Later(at: at, since: since, count: 3)
        #expect(far.at == at && far.count == 3)
        #expect(far.since >= since && far.since.nanoseconds - since.nanoseconds < Nanoseconds.minute.value)
        #expect(far.since.nanoseconds % Nanoseconds.minute.value == 0)
        let none = WatchedCollection.Later(at: at, since: WallTime(nanoseconds: .min), count: 1)
        #expect(none.since == WallTime(nanoseconds: .min))
        #expect(MemoryLayout<WatchedCollection.Later>.stride == 16)
    }
}
