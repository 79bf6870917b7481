import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchLaps: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "laps", abstract: Localized.text("List a stopwatch's laps."),
        discussion: Localized.text("Example: kitctl sw laps 공부 --csv"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<StopwatchRefs>

    @Flag(help: ArgumentHelp(Localized.text("Print CSV: number, lap, total, lap_seconds, total_seconds, note, at.")))
    var csv = false

    func run() throws {
        let result = try global.call(Method.stopwatchLaps, RefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(result) }
        if csv { return Terminal.write(StopwatchText.csv(result.laps)) }
        Terminal.writeLine(
            result.laps.isEmpty
                ? Localized.text("%s has no laps.", result.stopwatch.name) : StopwatchText.lapTable(result.laps))
    }
}
