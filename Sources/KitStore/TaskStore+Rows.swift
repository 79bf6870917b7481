import GRDB
import GRDBSQLite
import KitCore

/// Reading tasks, and inserting an import's new tasks, straight through SQLite's C interface:
/// the only file that imports it. Per column, GRDB's `Row` cost most of a read of many tasks (at
/// kitd's start, when it still read every task): tasks are written through TaskRecord, and read
/// here, off the record, because the record is measurably slower:
///
/// `swift build -c release && .build/release/kit-bench task-startup` (kitd start → READY=1 with
/// 100,000 tasks, half repeating; median of 5 starts, 2 cores, 2026-11-25): this reader 202–210 ms
/// over 4 runs, a Codable `TaskRecord.fetchCursor` read 471–474 ms over 2. Measure again before
/// replacing it.
extension TaskStore {
    /// Every task, open or done, keyed by id.
    public func tasksByID() throws -> [Int64: TaskItem] {
        var tasks: [Int64: TaskItem] = [:]
        try each(.all) { tasks[$0.id] = $0 }
        return tasks
    }

    /// The task with this id, if there is one.
    public func task(id: Int64) throws -> TaskItem? {
        var found: TaskItem?
        try read("WHERE id = ?", [id], cached: true) {
            found = $0
            return true
        }
        return found
    }

    /// The tasks with these ids that exist, by id.
    public func tasks(ids: some Collection<Int64>) throws -> [Int64: TaskItem] {
        var found: [Int64: TaskItem] = [:]
        found.reserveCapacity(ids.count)
        let all = Array(ids)
        for start in stride(from: 0, to: all.count, by: 500) {
            let chunk = all[start..<min(start + 500, all.count)]
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            try read("WHERE id IN (\(marks))", StatementArguments(Array(chunk))) {
                found[$0.id] = $0
                return true
            }
        }
        return found
    }

    /// Calls `body` with each task `selection` picks, in its order, one row at a time. `body`
    /// must not change the tasks (that would move the rows under the cursor).
    public func each(_ selection: TaskSelection, _ body: (TaskItem) throws -> Void) throws {
        try read(selection.sql, selection.arguments) {
            try body($0)
            return true
        }
    }

    /// Calls `body` with each task `selection` picks, from the start or after `place` in due
    /// order (due instant, then id), until `body` returns false: a list's page after the one that
    /// ended at `place` (the instant the selection orders by, due or popup, and the id). After a
    /// place, two reads, the ties first: SQLite seeks on only the first column of a row-value
    /// comparison. For the selections in the order of an instant.
    public func walk(
        _ selection: TaskSelection, after place: (instant: Int64, id: Int64)?, _ body: (TaskItem) throws -> Bool
    ) throws {
        guard let place else { return try read(selection.sql, selection.arguments, body) }
        let column = selection.instantColumn
        var going = true
        try read(selection.sql(and: "\(column) = ? AND id > ?"), selection.arguments + [place.instant, place.id]) {
            going = try body($0)
            return going
        }
        guard going else { return }
        try read(selection.sql(and: "\(column) > ?"), selection.arguments + [place.instant], body)
    }

    /// Up to `limit` tasks `selection` picks, after the task with id `after` (by id: for `all`
    /// and `instantsUnknown`): a page that may be changed before the next is read.
    public func page(_ selection: TaskSelection, after: Int64, limit: Int) throws -> [TaskItem] {
        var tasks: [TaskItem] = []
        try read(selection.pageSQL, selection.arguments + [after, limit]) {
            tasks.append($0)
            return true
        }
        return tasks
    }

    /// The tasks `selection` picks among the ids in (after, after + span], by id, and whether
    /// there are rows past that range: a page that reads at most `span` rows, for a selection no
    /// index finds (`neverFiring`).
    public func range(_ selection: TaskSelection, after: Int64, span: Int64) throws -> (tasks: [TaskItem], more: Bool) {
        var tasks: [TaskItem] = []
        try read(selection.rangeSQL, selection.arguments + [after, after + span]) {
            tasks.append($0)
            return true
        }
        let last = try database.read { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM task")) }
        return (tasks, (last ?? 0) > after + span)
    }

    /// The columns of a task, in the order `decode` reads them.
    private static let columns = """
        SELECT id, uid, title, note, zone, all_day, anchor, rrule, occurrence, alerts, nag_ns, done_at_ns,
            snoozed_until_ns, due_fired, alerts_fired, last_nag_ns, created_at_ns, rdates, exdates,
            overrides, more_rules, ical_sequence, ical_modified_ns, length_ns, location,
            ical_extra
        FROM task
        """

    /// Steps the task query ending in `tail`, decoding each row.
    /// `cached` keeps the prepared statement for the next call: only for a read whose `body`
    /// cannot start the same read again. `body` returns whether to read on.
    private func read(
        _ tail: String, _ arguments: StatementArguments, cached: Bool = false, _ body: (TaskItem) throws -> Bool
    ) throws {
        try database.read { db in
            let sql = Self.columns + " " + tail
            let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
            try statement.setArguments(arguments)
            let row = TaskRowReader(statement.sqliteStatement)
            defer { sqlite3_reset(statement.sqliteStatement) }
            while true {
                let code = sqlite3_step(statement.sqliteStatement)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code),
                        message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                guard try body(try row.task(rules: rules)) else { break }
            }
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

    /// The update of a task's row: every column but the id, then the id.
    private static let updateSQL: String = {
        let columns = CodingKeys.allCases.filter { $0 != .id }.map { "\($0.rawValue) = ?" }
        return "UPDATE task SET \(columns.joined(separator: ", ")) WHERE id = ?"
    }()

    /// Inserts the record through one statement prepared once per connection, its columns
    /// bound through SQLite's C interface. An import inserts up to thousands of tasks on kitd's
    /// loop, and GRDB's Codable `insert` (and then its arguments of `DatabaseValueConvertible`s)
    /// cost most of that; so it did for a single `task.add`.
    func insertPrepared(_ db: Database) throws {
        try run(Self.importSQL, columns: CodingKeys.allCases, db)
    }

    /// Rewrites the row with this record's id, the same way; nothing when there is none, as a
    /// plain UPDATE does.
    func updatePrepared(_ db: Database) throws {
        try run(Self.updateSQL, columns: CodingKeys.allCases.filter { $0 != .id } + [.id], db)
    }

    /// Runs `sql` with `columns`' values bound in that order.
    private func run(_ sql: String, columns: [CodingKeys], _ db: Database) throws {
        let statement = try db.cachedStatement(sql: sql)
        var row = TaskRowWriter(statement.sqliteStatement)
        defer { row.finish() }
        for column in columns {
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
            case .nagNs: row.integer(nagNs?.value)
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
            case .dueNs: row.integer(dueNs)
            case .fireNs: row.integer(fireNs)
            case .lengthNs: row.integer(lengthNs)
            case .location: row.text(location)
            case .icalExtra: row.text(icalExtra)
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
struct TaskRowReader {
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

    /// The row as a task (the columns of `TaskStore.columns`).
    func task(rules: RuleCache) throws -> TaskItem {
        let recurrence = try bytes(7).map { try rules.rule($0) }
        var dates = SeriesDates()
        if !isNull(17) || !isNull(18) || !isNull(19) || !isNull(20) {
            var moreRules: [Recurrence] = []
            for line in (text(20) ?? "").split(separator: "\n") {
                moreRules.append(try Recurrence.parse(String(line)))
            }
            dates = SeriesDates(
                added: try SeriesDates.dates(text(17)), removed: try SeriesDates.dates(text(18)),
                overrides: try OverrideRecord.overrides(text(19)), moreRules: moreRules)
        }
        return TaskItem(
            id: integer(0), uid: text(1) ?? "", title: text(2) ?? "", note: text(3),
            zone: text(4), allDay: integer(5) != 0, anchor: try civil(6), recurrence: recurrence,
            dates: dates,
            occurrence: try civil(8), alerts: offsets(9).map { Nanoseconds($0) },
            nag: optionalInteger(10).map { Nanoseconds($0) },
            status: optionalInteger(11).map { .done(at: WallTime(nanoseconds: $0)) } ?? .open,
            snoozedUntil: optionalInteger(12).map(WallTime.init(nanoseconds:)),
            dueFired: integer(13) != 0,
            alertsFired: Int(integer(14)),
            lastNagAt: optionalInteger(15).map(WallTime.init(nanoseconds:)),
            createdAt: WallTime(nanoseconds: integer(16)), sequence: Int(integer(21)),
            modifiedAt: optionalInteger(22).map(WallTime.init(nanoseconds:)),
            length: optionalInteger(23).map { Nanoseconds($0) }, location: text(24),
            extra: text(25).map { $0.split(separator: "\n").map(String.init) } ?? [])
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
/// share a few rules. Kept by the store across reads, at most `limit` texts (then it starts over).
final class RuleCache {
    private var byHash: [UInt64: [(text: [UInt8], rule: Recurrence)]] = [:]
    private var count = 0
    private let limit = 4096

    func rule(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Recurrence {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        if let found = byHash[hash]?.first(where: { $0.text.elementsEqual(bytes) }) { return found.rule }
        let rule = try Recurrence.parse(String(decoding: bytes, as: UTF8.self))
        if count >= limit {
            byHash.removeAll(keepingCapacity: true)
            count = 0
        }
        byHash[hash, default: []].append((Array(bytes), rule))
        count += 1
        return rule
    }
}
