import ArgumentParser
import KitLocalization
import KitProtocol

struct TimerList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: Localized.text("List timers: running ones by due time, then paused ones."),
        discussion: Localized.text("Example: kitctl timer list --all"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: ArgumentHelp(Localized.text("Also list fired and cancelled timers, newest first.")))
    var all = false

    /// How many timers to ask kitd for at a time; what is printed is the same whatever it is
    /// (the tests check that with pages of a few timers).
    @Option(help: ArgumentHelp(Localized.text("Timers per request to kitd (1 to 10000)."), visibility: .hidden))
    var pageSize: Int?

    func run() throws {
        let connection = try global.connect()
        let result: TimerListResult
        do {
            result = TimerListResult(timers: try connection.allTimers(all: all, pageSize: pageSize))
        } catch {
            throw CLIError(error)
        }
        if output.json { return try JSONOutput.print(result) }
        guard !result.timers.isEmpty else {
            Terminal.writeLine(
                all
                    ? Localized.text("No timers yet.")
                    : Localized.text("No timers running. Start one: kitctl timer start 4m30s --name pasta"))
            return
        }
        Terminal.writeLine(TimerText.table(result.timers))
    }
}
