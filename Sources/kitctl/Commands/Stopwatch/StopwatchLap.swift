import ArgumentParser
import KitProtocol

struct StopwatchLap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lap", abstract: "Record a lap, with an optional note.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The stopwatch's id or name.", valueName: "ref"),
        completion: .custom(RefCompletion.stopwatches))
    var ref: String

    @Argument(help: ArgumentHelp("A note for the lap.", valueName: "note"))
    var note: [String] = []

    func run() throws {
        let result = try global.call(
            Method.stopwatchLap, StopwatchLapParams(ref: ref, note: note.isEmpty ? nil : note.joined(separator: " ")))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(
            "Lap \(result.lap.number) of \(result.stopwatch.name): \(StopwatchText.elapsed(result.lap.lapNs)) "
                + "(total \(StopwatchText.elapsed(result.lap.totalNs)))")
    }
}
