import HeapModule

/// What is due next on one clock: a min-heap of (instant, key) with lazy removal.
///
/// Rescheduling or removing a key leaves its old heap entry behind; the entry is recognised as
/// stale when it reaches the top and dropped. The heap is rebuilt when stale entries outnumber
/// live ones, so memory stays proportional to what is scheduled.
///
/// Inlinable, so that callers in other modules get code specialised for their key type: the
/// agenda sits on the firing path and is built with every pending deadline at start-up.
public struct Agenda<Key: Hashable & Comparable & Sendable>: Sendable {
    public struct Entry: Comparable, Sendable {
        public var due: Int64
        public var key: Key

        @inlinable
        public init(due: Int64, key: Key) {
            self.due = due
            self.key = key
        }

        @inlinable
        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            lhs.due != rhs.due ? lhs.due < rhs.due : lhs.key < rhs.key
        }
    }

    @usableFromInline var heap = Heap<Entry>()
    @usableFromInline var live: [Key: Int64] = [:]

    @inlinable
    public init() {}

    /// Builds an agenda from many entries at once in O(n).
    @inlinable
    public init(_ entries: [(key: Key, due: Int64)]) {
        live.reserveCapacity(entries.count)
        var all: [Entry] = []
        all.reserveCapacity(entries.count)
        for entry in entries {
            live[entry.key] = entry.due
            all.append(Entry(due: entry.due, key: entry.key))
        }
        if all.count != live.count { all = live.map { Entry(due: $0.value, key: $0.key) } }
        heap = Heap(all)
    }

    @inlinable public var count: Int { live.count }
    @inlinable public var isEmpty: Bool { live.isEmpty }

    @inlinable
    public func due(of key: Key) -> Int64? { live[key] }

    /// Schedules `key` at `due`, replacing any earlier schedule for it.
    @inlinable
    public mutating func schedule(_ key: Key, at due: Int64) {
        if live[key] == due { return }
        live[key] = due
        heap.insert(Entry(due: due, key: key))
        compactIfNeeded()
    }

    @inlinable
    public mutating func remove(_ key: Key) {
        guard live.removeValue(forKey: key) != nil else { return }
        compactIfNeeded()
    }

    /// The earliest live entry, ties broken by key.
    @inlinable
    public mutating func next() -> Entry? {
        while let top = heap.min {
            if live[top.key] == top.due { return top }
            heap.removeMin()
        }
        return nil
    }

    /// Removes and returns, in due order, every entry due at or before `now`.
    @inlinable
    public mutating func popDue(atOrBefore now: Int64) -> [Entry] {
        var result: [Entry] = []
        while let top = next(), top.due <= now {
            heap.removeMin()
            live.removeValue(forKey: top.key)
            result.append(top)
        }
        return result
    }

    @inlinable
    mutating func compactIfNeeded() {
        if heap.count > 64 && heap.count > 2 * live.count {
            heap = Heap(live.map { Entry(due: $0.value, key: $0.key) })
        }
    }
}
