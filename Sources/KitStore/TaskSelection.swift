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

    /// An optional upper bound on a due instant, in nanoseconds.
    public enum WallTimeBound: Sendable {
        case none
        case through(Int64)
    }

    var sql: String {
        switch self {
        case .all: "ORDER BY id"
        case .open(.none): "INDEXED BY task_open_due WHERE state = 'open' ORDER BY due_ns, id"
        case .open(.through): "INDEXED BY task_open_due WHERE state = 'open' AND due_ns <= ? ORDER BY due_ns, id"
        case .done: "INDEXED BY task_due WHERE state = 'done' ORDER BY due_ns, id"
        case .byDue: "INDEXED BY task_due ORDER BY due_ns, id"
        case .instantsUnknown: "INDEXED BY task_due WHERE due_ns IS NULL ORDER BY due_ns, id"
        }
    }

    var arguments: StatementArguments {
        if case .open(.through(let bound)) = self { return [bound] }
        return []
    }

    /// The same rows by id, after the id `after`, at most `limit` (two more arguments).
    func sql(after: Int64, limit: Int) -> String {
        switch self {
        case .all: "WHERE id > ? ORDER BY id LIMIT ?"
        case .open(.none): "WHERE state = 'open' AND id > ? ORDER BY id LIMIT ?"
        case .open(.through): "WHERE state = 'open' AND due_ns <= ? AND id > ? ORDER BY id LIMIT ?"
        case .done: "WHERE state = 'done' AND id > ? ORDER BY id LIMIT ?"
        case .byDue: "WHERE id > ? ORDER BY id LIMIT ?"
        case .instantsUnknown: "INDEXED BY task_due WHERE due_ns IS NULL AND id > ? ORDER BY due_ns, id LIMIT ?"
        }
    }
}
