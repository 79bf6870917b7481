import ArgumentParser
import KitProtocol

struct TaskEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a task; an empty value clears --repeat, --remind, --note, --tz or --nag."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The task's id.", valueName: "ref"))
    var ref: String

    @Option(help: ArgumentHelp("A new title.", valueName: "title")) var title: String?
    @Option(help: ArgumentHelp("A new due time.", valueName: "when")) var due: String?
    @Option(name: .customLong("repeat"), help: ArgumentHelp("A new repeat rule.", valueName: "rule")) var rule: String?
    @Option(help: ArgumentHelp("New pre-alerts.", valueName: "offsets")) var remind: String?
    @Option(help: ArgumentHelp("A new note.", valueName: "text")) var note: String?
    @Option(help: ArgumentHelp("Pin to a zone ('' follows the system zone).", valueName: "zone")) var tz: String?
    @Option(help: ArgumentHelp("A nag interval.", valueName: "interval")) var nag: String?

    func validate() throws {
        guard [title, due, rule, remind, note, tz, nag].contains(where: { $0 != nil }) else {
            throw ValidationError("nothing to change; give --title, --due, --repeat, --remind, --note, --tz or --nag")
        }
    }

    func run() throws {
        let params = TaskEditParams(
            ref: ref, title: title, due: try due.map(TaskArguments.when), repeat: try rule.map(TaskArguments.rule),
            remind: try remind.map(TaskArguments.alerts), note: note, tz: tz, nag: try nag.map(TaskArguments.duration))
        let task = try global.call(Method.taskEdit, params, as: TaskInfo.self)
        if output.json { return try JSONOutput.print(task) }
        Terminal.writeLine(TaskText.details(task))
    }
}
