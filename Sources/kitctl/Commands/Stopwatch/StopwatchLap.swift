import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchLap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lap", abstract: Localized.text("Record a lap, with an optional note."),
        discussion: Localized.text("Example: kitctl sw lap 공부 1장 끝"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<StopwatchRefs>

    @Argument(help: ArgumentHelp(Localized.text("A note for the lap."), valueName: "note"))
    var note: [String] = []

    func run() throws {
        let result = try global.call(
            Method.stopwatchLap,
            StopwatchLapParams(ref: one.ref, note: note.isEmpty ? nil : note.joined(separator: " ")))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(
            Localized.text(
                "Lap %1$s of %2$s: %3$s (total %4$s)", String(result.lap.number), result.stopwatch.name,
                StopwatchText.elapsed(result.lap.lapNs), StopwatchText.elapsed(result.lap.totalNs)))
    }
}
