import ArgumentParser
import KitLocalization
import KitProtocol

/// The task commands that are one call on one REF, show and undo (`OneCallCommand`), and those
/// that are one call on each REF given, done and delete (`EachRefCommand`).
enum TaskCalls {
    protocol Call: OneCall where Arguments == TitleRef<TaskRefs>, Params == RefParams, Result == TaskInfo {}
    protocol Each: EachRefCall where Arguments == TitleRefs<TaskRefs> {}

    enum Show: Call {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text("Show one task."),
            discussion: Localized.text("Example: kitctl task show 치과"))
        static let method = Method.taskGet
        static func text(_ task: TaskInfo) -> String { TaskText.details(task) }
    }

    enum Undo: Call {
        static let configuration = CommandConfiguration(
            commandName: "undo", abstract: Localized.text("Undo the last done of a task."),
            discussion: Localized.text("Example: kitctl task undo 치과"))
        static let method = Method.taskUndo
        static func text(_ task: TaskInfo) -> String {
            Localized.text("Reopened %1$s, due %2$s", task.title, "\(TaskText.due(task))")
        }
    }

    enum Done: Each {
        static let configuration = CommandConfiguration(
            commandName: "done", abstract: Localized.text("Mark done; a repeating task moves to its next occurrence."),
            discussion: Localized.text("Example: kitctl task done 치과"))
        static let method = Method.taskDone
        static func text(_ task: TaskInfo) -> String {
            task.state == .done
                ? Localized.text("Done: %s", task.title)
                : Localized.text("Done; next %1$s is due %2$s", task.title, TaskText.due(task))
        }
    }

    enum Delete: Each {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: Localized.text("Delete a task."),
            discussion: Localized.text("Example: kitctl task delete 치과"))
        static let method = Method.taskDelete
        static func text(_ result: DeleteResult) -> String { Localized.text("Deleted task %s", "\(result.deleted)") }
    }
}

extension TaskCalls.Call {
    static func params(_ one: TitleRef<TaskRefs>) -> RefParams { RefParams(ref: one.ref) }
}
