import ArgumentParser
import KitLocalization
import KitProtocol

struct TaskDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: Localized.text("Delete a task."),
        discussion: Localized.text("Example: kitctl task delete 치과"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("The task's id or title, or several ids (10 11)."), valueName: "ref"),
        completion: .custom(RefCompletion.tasks))
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError(Localized.text("give the task's id or title")) }
    }

    func run() throws {
        try ManyRefs.each(ManyRefs.refs(inWords: ref)) { ref in
            let result = try global.call(Method.taskDelete, TaskRefParams(ref: ref))
            if output.json { return try JSONOutput.print(result) }
            Terminal.writeLine(Localized.text("Deleted task %s", "\(result.deleted)"))
        }
    }
}
