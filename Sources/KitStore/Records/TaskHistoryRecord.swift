import Foundation
import GRDB
import KitCore

/// A row of the `task_history` table: one `task done`, with what it changed, for `task undo`.
struct TaskHistoryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "task_history"

    var id: Int64?
    var taskId: Int64
    /// The occurrence that was done, as `CivilDateTime.iso8601`.
    var occurrence: String
    var doneAtNs: Int64
    /// The task's `TaskSnapshot` before the done, as JSON.
    var before: String

    enum CodingKeys: String, CodingKey {
        case id, occurrence, before
        case taskId = "task_id"
        case doneAtNs = "done_at_ns"
    }

    init(done task: TaskItem, before: TaskItem, occurrence: CivilDateTime, at now: WallTime) throws {
        taskId = task.id
        self.occurrence = occurrence.iso8601
        doneAtNs = now.nanoseconds
        self.before = String(decoding: try JSONEncoder().encode(TaskSnapshot(before)), as: UTF8.self)
    }

    /// `task` as it was before this done.
    func restoring(_ task: TaskItem) throws -> TaskItem {
        try JSONDecoder().decode(TaskSnapshot.self, from: Data(before.utf8)).applied(to: task)
    }
}
