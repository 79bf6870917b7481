/// The records (countdowns, tasks) kitd read or changed lately, at most `limit` of them, so that
/// a client following a few is answered from memory. It is only a cache of their table: every
/// change is written there first, and a reload after a failed commit empties it. When full, a
/// record not asked for lately gives its place (whichever the dictionary holds first).
struct RecordCache<Record: Identifiable> where Record.ID == Int64 {
    private var entries: [Int64: Record] = [:]
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        entries.reserveCapacity(limit)
    }

    subscript(id: Int64) -> Record? { entries[id] }

    mutating func keep(_ record: Record) {
        if entries.count >= limit && entries[record.id] == nil { entries.remove(at: entries.startIndex) }
        entries[record.id] = record
    }

    mutating func forget(_ id: Int64) { entries.removeValue(forKey: id) }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }
}
