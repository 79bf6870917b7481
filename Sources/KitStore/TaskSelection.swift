import GRDB

/// Which tasks a read walks, in which order, through which index: the reads that may touch every
/// task (a list, the agenda, an export, a change of zone) name their rows here, so each goes
/// through an index in its order, without a sort. SQLite's planner, without statistics, may pass
/// over a partial index, so the queries name theirs.
public enum TaskSelection: Sendable {
    /// Every task, by id.
    case all
    /// Open tasks by due instant (ties by id); with `through`, only those due at or before it.
    case open(dueThrough: WallTimeBound = .none)
    /// Done tasks by due instant.
    case done
    /// Every task by due instant.
    case byDue
    /// Tasks whose instants kitd has not worked out yet (rows from before, or written without zones).
    case instantsUnknown
    /// Tasks with a popup to come, by its instant (ties by id).
    case firing
    /// Tasks with no popup to come, by id.
    case neverFiring

    /// An optional upper bound on a due instant, in nanoseconds.
    public enum WallTimeBound: Sendable {
        case none
        case through(Int64)
    }

    /// The index the read goes through, what rows it keeps, and their order.
    private var parts: (index: String?, condition: String?, order: String) {
        switch self {
        case .all: (nil, nil, "id")
        case .open(.none): ("task_open_due", "state = 'open'", "due_ns, id")
        case .open(.through): ("task_open_due", "state = 'open' AND due_ns <= ?", "due_ns, id")
        case .done: ("task_due", "state = 'done'", "due_ns, id")
        case .byDue: ("task_due", nil, "due_ns, id")
        case .instantsUnknown: ("task_due", "due_ns IS NULL", "due_ns, id")
        case .firing: ("task_fire", "fire_ns IS NOT NULL", "fire_ns, id")
        case .neverFiring: (nil, "fire_ns IS NULL", "id")
        }
    }

    /// The instant the rows are ordered by before their id (`due_ns`, or `fire_ns` for
    /// `firing`): where a page after a place picks up (`TaskStore.walk`).
    var instantColumn: String {
        String(parts.order.prefix { $0 != "," })
    }

    /// The rows with `more` conditions as well (nil for none).
    func sql(and more: String? = nil) -> String {
        let (index, condition, order) = parts
        let conditions = [condition, more].compactMap { $0 }
        return (index.map { "INDEXED BY \($0) " } ?? "")
            + (conditions.isEmpty ? "" : "WHERE \(conditions.joined(separator: " AND ")) ") + "ORDER BY \(order)"
    }

    var sql: String { sql() }

    var arguments: StatementArguments {
        if case .open(.through(let bound)) = self { return [bound] }
        return []
    }

    /// A page of the rows: those after an id, at most a number of them (two more arguments). For
    /// the selections in id order, `all` and `instantsUnknown` (whose due instants are all NULL).
    var pageSQL: String { sql(and: "id > ?") + " LIMIT ?" }

    /// The rows among a range of ids, (first, last] (two more arguments): a page that reads no
    /// more rows than the range holds, however few match. For `neverFiring`, whose rows no index
    /// finds.
    var rangeSQL: String { sql(and: "id > ? AND id <= ?") }
}
