import ArgumentParser
import KitProtocol

struct TaskAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a task with a due time.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("What to do.", valueName: "title"))
    var title: [String] = []

    @Option(help: ArgumentHelp("When it is due (see `kitctl task --help`).", valueName: "when"))
    var due: String

    @Option(
        name: .customLong("repeat"), help: ArgumentHelp("A repeat rule: daily, weekly on mon,wed, …", valueName: "rule")
    )
    var rule: String?

    @Option(help: ArgumentHelp("Pre-alerts before due, e.g. 1d,1h,10m.", valueName: "offsets"))
    var remind: String?

    @Option(help: ArgumentHelp("A note shown in the popup.", valueName: "text"))
    var note: String?

    @Option(help: ArgumentHelp("Pin the task to a time zone, e.g. Asia/Seoul.", valueName: "zone"))
    var tz: String?

    @Option(help: ArgumentHelp("Repeat the popup this often until done or snoozed, e.g. 15m.", valueName: "interval"))
    var nag: String?

    func validate() throws {
        guard !title.isEmpty else { throw ValidationError("give the task a title") }
    }

    func run() throws {
        let params = TaskAddParams(
            title: title.joined(separator: " "), due: try TaskArguments.when(due),
            repeat: try rule.map(TaskArguments.rule),
            remind: try remind.map(TaskArguments.alerts), note: note, tz: tz, nag: try nag.map(TaskArguments.duration))
        let task = try global.call(Method.taskAdd, params, as: TaskInfo.self)
        if output.json { return try JSONOutput.print(task) }
        Terminal.writeLine("Added task \(task.id): \(task.title), due \(TaskText.due(task))")
    }
}
