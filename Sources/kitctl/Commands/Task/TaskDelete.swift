import ArgumentParser
import KitProtocol

struct TaskDelete: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a task.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The task's id or title.", valueName: "ref"), completion: .custom(RefCompletion.tasks))
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError("give the task's id or title") }
    }

    func run() throws {
        let result = try global.call(
            Method.taskDelete, TaskRefParams(ref: ref.joined(separator: " ")))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine("Deleted task \(result.deleted)")
    }
}
