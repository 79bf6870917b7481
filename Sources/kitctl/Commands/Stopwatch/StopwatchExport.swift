import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: Localized.text("Export a stopwatch's laps as CSV or JSON."),
        discussion: Localized.text("Example: kitctl sw export 공부 --csv"))

    @OptionGroup var global: GlobalOptions

    @OptionGroup var one: OneRef<StopwatchRefs>

    @Flag(help: ArgumentHelp(Localized.text("CSV with a header row.")))
    var csv = false

    @Flag(help: ArgumentHelp(Localized.text("JSON: the stopwatch and its laps.")))
    var json = false

    func validate() throws {
        guard csv != json else { throw ValidationError(Localized.text("choose one format: --csv or --json")) }
    }

    func run() throws {
        let result = try global.call(Method.stopwatchLaps, RefParams(ref: one.ref))
        if json { return try JSONOutput.print(result) }
        Terminal.write(StopwatchText.csv(result.laps))
    }
}
