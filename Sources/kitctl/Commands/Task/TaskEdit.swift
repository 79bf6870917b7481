import ArgumentParser
import KitLocalization
import KitProtocol

struct TaskEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: Localized.text("Change a task; an empty value clears --repeat, --remind, --note, --tz or --nag."),
        discussion: Localized.text(
            "A due the new rule leaves out moves to its first day after it, and kitctl says so.\nExample: kitctl task edit standup --repeat 'weekly on fri'"
        )
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<TaskIDs>

    @Option(help: ArgumentHelp(Localized.text("A new title."), valueName: "title")) var title: String?
    @Option(help: ArgumentHelp(Localized.text("A new due time."), valueName: "when")) var due: String?
    @OptionGroup var options: TaskOptionGroup

    func validate() throws {
        let given = [title, due, options.rule, options.remind, options.note, options.tz, options.nag]
        guard given.contains(where: { $0 != nil }) else {
            throw ValidationError(
                Localized.text("nothing to change; give --title, --due, --repeat, --remind, --note, --tz or --nag"))
        }
    }

    func run() throws {
        let params = TaskEditParams(
            ref: one.ref, title: title, due: try due.map(TaskArguments.when), options: try options.checked())
        let task = try global.call(Method.taskEdit, params)
        if output.json { return try JSONOutput.print(task) }
        Terminal.writeLine(TaskText.details(task))
        if due != nil, options.tz == nil, let note = TaskText.zoneNote(task) { Terminal.writeError(note) }
        if let note = TaskText.movedNote(task) { Terminal.writeError(note) }
    }
}
