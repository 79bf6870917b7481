/// A set of integer keys kept as one sorted array: 8 bytes a key once `compact` has run, where
/// a `Set<Int>` of 4,000 keys takes 64 KiB (its table is a power of two, at most three quarters
/// full). For the name hashes of a big calendar's history, inserted in bursts and looked up
/// rarely.
struct SortedKeys {
    private var keys: [Int] = []

    var count: Int { keys.count }

    /// Where `key` is, or would go.
    private func index(of key: Int) -> Int { keys.sortedIndex(of: key) }

    func contains(_ key: Int) -> Bool {
        let at = index(of: key)
        return at < keys.count && keys[at] == key
    }

    /// Whether it was not there yet.
    @discardableResult
    mutating func insert(_ key: Int) -> Bool {
        let at = index(of: key)
        guard at == keys.count || keys[at] != key else { return false }
        keys.insert(key, at: at)
        return true
    }

    /// Whether it was there.
    @discardableResult
    mutating func remove(_ key: Int) -> Bool {
        let at = index(of: key)
        guard at < keys.count, keys[at] == key else { return false }
        keys.remove(at: at)
        return true
    }

    /// Takes out the keys `keep` says no to; the keys taken out.
    mutating func removeAll(keeping keep: (Int) -> Bool) -> [Int] {
        var gone: [Int] = []
        keys.removeAll { key in
            if keep(key) { return false }
            gone.append(key)
            return true
        }
        return gone
    }

    mutating func removeAll() { keys = [] }

    /// Lets go of the room the array kept for growing (up to as much again as it holds).
    mutating func compact() {
        guard keys.capacity > keys.count else { return }
        keys = keys.withUnsafeBufferPointer { Array($0) }
    }
}

extension [Int] {
    /// Where `key` is in this ascending array, or would go: a binary search (`SortedKeys`,
    /// `SortedTable`).
    func sortedIndex(of key: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
