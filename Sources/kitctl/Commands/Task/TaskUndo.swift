import ArgumentParser
import KitLocalization
import KitProtocol

struct TaskUndo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: Localized.text("Undo the last done of a task."),
        discussion: Localized.text("Example: kitctl task undo 치과"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("The task's id or title."), valueName: "ref"),
        completion: .custom(RefCompletion.tasks))
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError(Localized.text("give the task's id or title")) }
    }

    func run() throws {
        let task = try global.call(Method.taskUndo, TaskRefParams(ref: ref.joined(separator: " ")))
        if output.json { return try JSONOutput.print(task) }
        Terminal.writeLine(Localized.text("Reopened %1$s, due %2$s", task.title, "\(TaskText.due(task))"))
    }
}
