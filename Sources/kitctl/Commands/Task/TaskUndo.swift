import ArgumentParser
import KitLocalization
import KitProtocol

struct TaskUndo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: Localized.text("Undo the last done of a task."),
        discussion: Localized.text("Example: kitctl task undo 치과"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRef<TaskRefs>

    func run() throws {
        let task = try global.call(Method.taskUndo, TaskRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(task) }
        Terminal.writeLine(Localized.text("Reopened %1$s, due %2$s", task.title, "\(TaskText.due(task))"))
    }
}
