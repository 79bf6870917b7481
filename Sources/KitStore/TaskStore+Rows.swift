import GRDB
import GRDBSQLite
import KitCore

/// Reading every task at start, and inserting an import's new tasks, straight through SQLite's C
/// interface: the only file that imports it. kitd reads all its tasks when it starts, and with 100,000 of them the per-column cost of
/// GRDB's `Row` was most of its start-up. Tasks are written through TaskRecord; this is their
/// only read, and it stays off the record because the record is measurably slower:
///
/// `swift build -c release && .build/release/kit-bench task-startup` (kitd start → READY=1 with
/// 100,000 tasks, half repeating; median of 5 starts, 2 cores, 2026-11-25): this reader 202–210 ms
/// over 4 runs, a Codable `TaskRecord.fetchCursor` read 471–474 ms over 2. Measure again before
/// replacing it.
extension TaskStore {
    /// Every task, open or done, keyed by id. Each distinct repeat rule is parsed once.
    public func tasksByID() throws -> [Int64: TaskItem] {
        try database.read { db in
            var tasks: [Int64: TaskItem] = [:]
            tasks.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM task") ?? 0)
            let statement = try db.makeStatement(
                sql: """
                    SELECT id, uid, title, note, zone, all_day, anchor, rrule, occurrence, alerts, nag_ns, done_at_ns,
                        snoozed_until_ns, due_fired, alerts_fired, last_nag_ns, created_at_ns, rdates, exdates,
                        overrides, more_rules, ical_sequence, ical_modified_ns
                    FROM task
                    """)
            let row = TaskRowReader(statement.sqliteStatement)
            defer { sqlite3_reset(statement.sqliteStatement) }
            var rules = RuleCache()
            while true {
                let code = sqlite3_step(statement.sqliteStatement)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code),
                        message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                let recurrence = try row.bytes(7).map { try rules.rule($0) }
                var dates = SeriesDates()
                if !row.isNull(17) || !row.isNull(18) || !row.isNull(19) || !row.isNull(20) {
                    var moreRules: [Recurrence] = []
                    for line in (row.text(20) ?? "").split(separator: "\n") {
                        moreRules.append(try Recurrence.parse(String(line)))
                    }
                    dates = SeriesDates(
                        added: try SeriesDates.dates(row.text(17)), removed: try SeriesDates.dates(row.text(18)),
                        overrides: try OverrideRecord.overrides(row.text(19)), moreRules: moreRules)
                }
                let task = TaskItem(
                    id: row.integer(0), uid: row.text(1) ?? "", title: row.text(2) ?? "", note: row.text(3),
                    zone: row.text(4), allDay: row.integer(5) != 0, anchor: try row.civil(6), recurrence: recurrence,
                    dates: dates,
                    occurrence: try row.civil(8), alerts: row.offsets(9), nag: row.optionalInteger(10),
                    status: row.optionalInteger(11).map { .done(at: WallTime(nanoseconds: $0)) } ?? .open,
                    snoozedUntil: row.optionalInteger(12).map(WallTime.init(nanoseconds:)),
                    dueFired: row.integer(13) != 0,
                    alertsFired: Int(row.integer(14)),
                    lastNagAt: row.optionalInteger(15).map(WallTime.init(nanoseconds:)),
                    createdAt: WallTime(nanoseconds: row.integer(16)), sequence: Int(row.integer(21)),
                    modifiedAt: row.optionalInteger(22).map(WallTime.init(nanoseconds:)))
                tasks[task.id] = task
            }
            return tasks
        }
    }
}

extension TaskRecord {
    /// The insert of an import: every column of the record.
    private static let importSQL: String = {
        let columns = CodingKeys.allCases.map(\.rawValue)
        return "INSERT INTO task (\(columns.joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }()

    /// Inserts the record through one statement prepared
    /// once per connection, its columns bound through SQLite's C interface. An import inserts up
    /// to thousands of tasks on kitd's loop, and GRDB's Codable `insert` (and then its arguments
    /// of `DatabaseValueConvertible`s) cost most of that.
    func insertPrepared(_ db: Database) throws {
        let statement = try db.cachedStatement(sql: Self.importSQL)
        var row = TaskRowWriter(statement.sqliteStatement)
        defer { row.finish() }
        for column in CodingKeys.allCases {
            switch column {
            case .id: row.integer(id)
            case .uid: row.text(uid)
            case .title: row.text(title)
            case .titleKey: row.text(titleKey)
            case .note: row.text(note)
            case .zone: row.text(zone)
            case .allDay: row.integer(allDay ? 1 : 0)
            case .anchor: row.text(anchor)
            case .rrule: row.text(rrule)
            case .rdates: row.text(rdates)
            case .exdates: row.text(exdates)
            case .overrides: row.text(overrides)
            case .occurrence: row.text(occurrence)
            case .alerts: row.text(alerts)
            case .nagNs: row.integer(nagNs)
            case .state: row.text(state)
            case .doneAtNs: row.integer(doneAtNs)
            case .snoozedUntilNs: row.integer(snoozedUntilNs)
            case .dueFired: row.integer(dueFired ? 1 : 0)
            case .alertsFired: row.integer(Int64(alertsFired))
            case .lastNagNs: row.integer(lastNagNs)
            case .createdAtNs: row.integer(createdAtNs)
            case .moreRules: row.text(moreRules)
            case .sequence: row.integer(Int64(sequence))
            case .modifiedNs: row.integer(modifiedNs)
            }
        }
        let code = sqlite3_step(statement.sqliteStatement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                sql: statement.sql)
        }
    }
}

/// Binds the parameters of a statement in order, then resets it for its next use.
private struct TaskRowWriter {
    /// SQLite copies a bound text before the bind returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    let statement: OpaquePointer
    private var index: Int32 = 1

    init(_ statement: OpaquePointer) { self.statement = statement }

    mutating func integer(_ value: Int64?) {
        if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
        index += 1
    }

    mutating func text(_ value: String?) {
        if var value {
            value.withUTF8 { bytes in
                _ = bytes.withMemoryRebound(to: CChar.self) { text in
                    // An empty buffer may have no address, and a null text would bind NULL.
                    guard let address = text.baseAddress else {
                        return sqlite3_bind_text(statement, index, "", 0, Self.transient)
                    }
                    return sqlite3_bind_text(statement, index, address, Int32(text.count), Self.transient)
                }
            }
        } else {
            sqlite3_bind_null(statement, index)
        }
        index += 1
    }

    func finish() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }
}

/// The columns of the current row of a stepped statement.
private struct TaskRowReader {
    let statement: OpaquePointer

    init(_ statement: OpaquePointer) { self.statement = statement }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }

    /// The column's text as bytes, valid until the next step; nil for NULL.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard !isNull(column), let bytes = sqlite3_column_text(statement, column) else { return nil }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }

    func text(_ column: Int32) -> String? { bytes(column).map { String(decoding: $0, as: UTF8.self) } }

    /// A civil date-time as the store writes it.
    func civil(_ column: Int32) throws -> CivilDateTime {
        if let bytes = bytes(column), let parsed = CivilDateTime.parseStored(bytes: bytes) { return parsed }
        return try CivilDateTime.parseISO8601(text(column) ?? "")
    }

    /// The `alerts` column: nanosecond offsets separated by commas.
    func offsets(_ column: Int32) -> [Int64] {
        guard let text = bytes(column), !text.isEmpty else { return [] }
        var result: [Int64] = []
        var value: Int64 = 0
        var digits = 0
        for byte in text {
            if byte >= 48 && byte <= 57 {
                value = value &* 10 &+ Int64(byte - 48)
                digits += 1
            } else {
                if digits > 0 { result.append(value) }
                value = 0
                digits = 0
            }
        }
        if digits > 0 { result.append(value) }
        return result
    }
}

/// Repeat rules by their stored text, found without making a String for each row: most tasks
/// share a few rules.
private struct RuleCache {
    private var byHash: [UInt64: [(text: [UInt8], rule: Recurrence)]] = [:]

    mutating func rule(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Recurrence {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        if let found = byHash[hash]?.first(where: { $0.text.elementsEqual(bytes) }) { return found.rule }
        let rule = try Recurrence.parse(String(decoding: bytes, as: UTF8.self))
        byHash[hash, default: []].append((Array(bytes), rule))
        return rule
    }
}
