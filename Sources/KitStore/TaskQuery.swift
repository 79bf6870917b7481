/// The queries of TaskStore+Instants.swift, each through the index it names, so that none
/// walks or sorts every task (a test reads their plans).
enum TaskQuery {
    /// The fire instant of the `n`-th popup after an instant.
    static let horizon =
        "SELECT fire_ns FROM task INDEXED BY task_fire WHERE fire_ns > ? ORDER BY fire_ns LIMIT 1 OFFSET ?"
    static let popups = "SELECT id, fire_ns FROM task INDEXED BY task_fire WHERE fire_ns > ? AND fire_ns <= ?"
    static let openCount = "SELECT count(*) FROM task INDEXED BY task_open WHERE state = 'open'"
    static let overdue =
        "SELECT id, snoozed_until_ns FROM task INDEXED BY task_open_due WHERE state = 'open' AND due_ns <= ?"
    static let nextAhead = """
        SELECT id, due_ns FROM task INDEXED BY task_open_due
        WHERE state = 'open' AND due_ns > ? ORDER BY due_ns, id LIMIT 1
        """
    static let nextSnoozed = """
        SELECT id, snoozed_until_ns FROM task INDEXED BY task_snoozed
        WHERE snoozed_until_ns > ? AND state = 'open' AND due_ns <= ? ORDER BY snoozed_until_ns, id LIMIT 1
        """
}
