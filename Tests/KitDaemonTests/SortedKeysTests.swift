import Testing

@testable import KitDaemon

@Suite("Sorted keys")
struct SortedKeysTests {
    @Test("holds what a Set holds, through inserts, removals and compacting, in any order")
    func sameAsASet() {
        var keys = SortedKeys()
        var reference: Set<Int> = []
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4_000 {
            let key = Int.random(in: -300...300, using: &generator)
            if round % 3 == 0 {
                #expect(keys.remove(key) == (reference.remove(key) != nil))
            } else {
                #expect(keys.insert(key) == reference.insert(key).inserted)
            }
            if round % 500 == 0 { keys.compact() }
            #expect(keys.count == reference.count)
        }
        for key in -310...310 { #expect(keys.contains(key) == reference.contains(key)) }
        let gone = keys.removeAll(keeping: { $0 % 2 == 0 })
        #expect(Set(gone) == reference.filter { $0 % 2 != 0 })
        #expect(keys.count == reference.filter { $0 % 2 == 0 }.count)
        keys.removeAll()
        #expect(keys.count == 0 && !keys.contains(0))
    }
}
