import ArgumentParser
import KitProtocol

struct TaskUndo: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Undo the last done of a task.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The task's id or title.", valueName: "ref"), completion: .custom(RefCompletion.tasks))
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError("give the task's id or title") }
    }

    func run() throws {
        let task = try global.call(Method.taskUndo, TaskRefParams(ref: ref.joined(separator: " ")))
        if output.json { return try JSONOutput.print(task) }
        Terminal.writeLine("Reopened \(task.title), due \(TaskText.due(task))")
    }
}
