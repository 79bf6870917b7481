import ArgumentParser
import KitLocalization
import KitProtocol

struct TaskDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: Localized.text("Delete a task."),
        discussion: Localized.text("Example: kitctl task delete 치과"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRefs<TaskRefs>

    func run() throws {
        try ManyRefs.each(one.refs) { ref in
            let result = try global.call(Method.taskDelete, RefParams(ref: ref))
            if output.json { return try JSONOutput.print(result) }
            Terminal.writeLine(Localized.text("Deleted task %s", "\(result.deleted)"))
        }
    }
}
