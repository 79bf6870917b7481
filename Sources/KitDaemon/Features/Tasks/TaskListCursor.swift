import KitCore
import KitProtocol

/// `task.list`'s `next` and `after`: a place in due order, `d:DUE:ID`, just after the task with
/// that id, due at DUE (wall clock, ns). Clients take it as opaque; kitd reads back exactly what
/// it writes and refuses anything else. kitd keeps nothing of it, so it is as good on another
/// connection, or after a restart, and with any filter (each lists in the same order).
enum TaskListCursor {
    /// Longer than any cursor kitd writes (`d:` and two numbers of at most 20 characters).
    static let maximumLength = 48

    static func text(due: Int64, id: Int64) -> String { "d:\(due):\(id)" }

    static func place(_ text: String) throws(KitError) -> (due: Int64, id: Int64) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard text.utf8.count <= maximumLength, parts.count == 3, parts[0] == "d",
            let due = ListCursorText.number(parts[1]), let id = ListCursorText.number(parts[2]), id > 0
        else { throw ListCursorText.foreign(text, of: Method.taskList.name) }
        return (due, id)
    }
}
