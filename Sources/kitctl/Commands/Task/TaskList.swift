import ArgumentParser
import KitLocalization
import KitProtocol

struct TaskList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: Localized.text("List tasks by due time (open ones by default)."),
        discussion: Localized.text("Example: kitctl task list --week"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: ArgumentHelp(Localized.text("Open tasks due today, and overdue ones."))) var today = false
    @Flag(help: ArgumentHelp(Localized.text("Open tasks due within seven days, and overdue ones."))) var week = false
    @Flag(help: ArgumentHelp(Localized.text("Open tasks past due."))) var overdue = false
    @Flag(help: ArgumentHelp(Localized.text("Done tasks."))) var done = false
    @Flag(help: ArgumentHelp(Localized.text("Every task."))) var all = false

    /// How many tasks to ask kitd for at a time; what is printed is the same whatever it is
    /// (the tests check that with pages of a few tasks).
    @Option(help: ArgumentHelp(Localized.text("Tasks per request to kitd (1 to 10000)."), visibility: .hidden))
    var pageSize: Int?

    func validate() throws {
        guard [today, week, overdue, done, all].filter({ $0 }).count <= 1 else {
            throw ValidationError(Localized.text("choose at most one of --today, --week, --overdue, --done, --all"))
        }
    }

    func run() throws {
        let filter: TaskListParams.Filter =
            today ? .today : week ? .week : overdue ? .overdue : done ? .done : all ? .all : .open
        let connection = try global.connect()
        let result: TaskListResult
        do {
            result = TaskListResult(tasks: try connection.allTasks(filter: filter, pageSize: pageSize))
        } catch {
            throw CLIError(error)
        }
        if output.json { return try JSONOutput.print(result) }
        guard !result.tasks.isEmpty else {
            return Terminal.writeLine(
                filter == .open
                    ? Localized.text("No open tasks. Add one: kitctl task add 'call mom' --due 'sun 18:00'")
                    : Localized.text("No tasks."))
        }
        Terminal.writeLine(TaskText.table(result.tasks, color: Colors.enabled))
    }
}
