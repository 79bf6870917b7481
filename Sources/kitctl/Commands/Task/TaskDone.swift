import ArgumentParser
import KitLocalization
import KitProtocol

struct TaskDone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: Localized.text("Mark done; a repeating task moves to its next occurrence."),
        discussion: Localized.text("Example: kitctl task done 치과"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRefs<TaskRefs>

    func run() throws {
        try ManyRefs.each(one.refs) { ref in
            let task = try global.call(Method.taskDone, RefParams(ref: ref))
            if output.json { return try JSONOutput.print(task) }
            Terminal.writeLine(
                task.state == .done
                    ? Localized.text("Done: %s", task.title)
                    : Localized.text("Done; next %1$s is due %2$s", task.title, TaskText.due(task)))
        }
    }
}
