/// A table from integer keys to values kept as two sorted arrays: 8 bytes a key and the value's
/// stride once `compact` has run, where a `Dictionary` keeps a power of two of both, at most
/// three quarters full. For the files a big calendar sets aside (thousands, changed in bursts,
/// looked through whole when the plan moves on). A change costs a move of the entries after
/// its place.
struct SortedTable<Value>: Sequence {
    private var keys: [Int] = []
    private var values: [Value] = []

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// Where `key` is, or would go.
    private func index(of key: Int) -> Int { keys.sortedIndex(of: key) }

    /// The value of `key`; setting nil takes it out.
    subscript(key: Int) -> Value? {
        get {
            let at = index(of: key)
            return at < keys.count && keys[at] == key ? values[at] : nil
        }
        set {
            let at = index(of: key)
            let there = at < keys.count && keys[at] == key
            switch (newValue, there) {
            case (let value?, true): values[at] = value
            case (let value?, false):
                keys.insert(key, at: at)
                values.insert(value, at: at)
            case (nil, true):
                keys.remove(at: at)
                values.remove(at: at)
            case (nil, false): break
            }
        }
    }

    /// Takes `key` out; its value, if it was there.
    @discardableResult
    mutating func removeValue(forKey key: Int) -> Value? {
        let value = self[key]
        if value != nil { self[key] = nil }
        return value
    }

    mutating func removeAll() {
        keys = []
        values = []
    }

    /// Lets go of the room the arrays kept for growing (up to as much again as they hold).
    mutating func compact() {
        guard keys.capacity > keys.count else { return }
        keys = keys.withUnsafeBufferPointer { Array($0) }
        values = values.withUnsafeBufferPointer { Array($0) }
    }

    /// The keys whose entries `isIncluded` says yes to, in order.
    func keys(where isIncluded: (Value) -> Bool) -> [Int] {
        keys.indices.filter { isIncluded(values[$0]) }.map { keys[$0] }
    }

    struct Iterator: IteratorProtocol {
        fileprivate let table: SortedTable
        fileprivate var index = 0
        mutating func next() -> (key: Int, value: Value)? {
            guard index < table.keys.count else { return nil }
            defer { index += 1 }
            return (table.keys[index], table.values[index])
        }
    }

    func makeIterator() -> Iterator { Iterator(table: self) }
}

extension SortedTable: Sendable where Value: Sendable {}
