import ArgumentParser
import KitLocalization
import KitProtocol

/// The task commands that are one call on one REF: show and undo (`OneCallCommand`).
enum TaskCalls {
    protocol Call: OneCall where Arguments == TitleRef<TaskRefs>, Params == RefParams, Result == TaskInfo {}

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
}

extension TaskCalls.Call {
    static func params(_ one: TitleRef<TaskRefs>) -> RefParams { RefParams(ref: one.ref) }
}
