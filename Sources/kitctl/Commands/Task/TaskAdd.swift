import ArgumentParser
import KitLocalization
import KitProtocol

struct TaskAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: Localized.text("Add a task with a due time."),
        discussion: Localized.text(
            "A due the rule leaves out moves to the rule's first day after it, and kitctl says so.\nExample: kitctl task add standup --due 'mon 9:00' --repeat 'weekly on tue'"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(Localized.text("What to do."), valueName: "title"))
    var title: [String] = []

    @Option(help: ArgumentHelp(Localized.text("When it is due (see `kitctl task --help`)."), valueName: "when"))
    var due: String

    @OptionGroup var options: TaskOptionGroup

    func validate() throws {
        guard !title.isEmpty else { throw ValidationError(Localized.text("give the task a title")) }
    }

    func run() throws {
        let params = TaskAddParams(
            title: title.joined(separator: " "), due: try TaskArguments.when(due), options: try options.checked())
        let task = try global.call(Method.taskAdd, params)
        if output.json { return try JSONOutput.print(task) }
        Terminal.writeLine(
            Localized.text("Added task %1$s: %2$s, due %3$s", String(task.id), task.title, TaskText.due(task)))
        if options.tz == nil, let note = TaskText.zoneNote(task) { Terminal.writeError(note) }
        if let note = TaskText.movedNote(task) { Terminal.writeError(note) }
    }
}
