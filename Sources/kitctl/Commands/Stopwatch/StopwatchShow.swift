import ArgumentParser
import KitProtocol

struct StopwatchShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one stopwatch and its laps.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The stopwatch's id or name.", valueName: "ref"),
        completion: .custom(RefCompletion.stopwatches))
    var ref: String

    func run() throws {
        let result = try global.call(Method.stopwatchLaps, StopwatchRefParams(ref: ref))
        if output.json { return try JSONOutput.print(result) }
        let stopwatch = result.stopwatch
        var lines = [
            "stopwatch \(stopwatch.id) (\(stopwatch.name))",
            "state:    \(stopwatch.state)",
            "elapsed:  \(StopwatchText.elapsed(stopwatch.elapsedNs))",
        ]
        if stopwatch.state == .running { lines.append("started:  \(StopwatchText.started(stopwatch))") }
        lines.append(
            "notice:   "
                + (stopwatch.remindAfterNs > 0
                    ? "after \(StopwatchText.elapsed(stopwatch.remindAfterNs).dropLast(3)) of running, repeating"
                    : "off"))
        if !result.laps.isEmpty { lines.append("\n" + StopwatchText.lapTable(result.laps)) }
        Terminal.writeLine(lines.joined(separator: "\n"))
    }
}
