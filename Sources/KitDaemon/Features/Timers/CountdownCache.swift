import KitCore

/// The active countdowns kitd read or changed lately, at most `limit` of them, so that a client
/// following a few timers is answered from memory. It is only a cache of the `timer` table: every
/// change is written there first, and a reload after a failed commit empties it. When full, a
/// countdown not asked for lately gives its place (whichever the dictionary holds first).
struct CountdownCache {
    private var entries: [Int64: Countdown] = [:]
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        entries.reserveCapacity(limit)
    }

    subscript(id: Int64) -> Countdown? { entries[id] }

    mutating func keep(_ countdown: Countdown) {
        if entries.count >= limit && entries[countdown.id] == nil { entries.remove(at: entries.startIndex) }
        entries[countdown.id] = countdown
    }

    mutating func forget(_ id: Int64) { entries.removeValue(forKey: id) }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }
}
