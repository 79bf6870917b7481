import ArgumentParser
import KitLocalization
import KitProtocol

struct TaskShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: Localized.text("Show one task."),
        discussion: Localized.text("Example: kitctl task show 치과"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRef<TaskRefs>

    func run() throws {
        let task = try global.call(Method.taskGet, TaskRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(task) }
        Terminal.writeLine(TaskText.details(task))
    }
}
