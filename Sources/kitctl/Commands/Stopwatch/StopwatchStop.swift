import ArgumentParser
import KitProtocol

struct StopwatchStop: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop it; the elapsed time is kept.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The stopwatch's id or name.", valueName: "ref"),
        completion: .custom(RefCompletion.stopwatches))
    var ref: String

    func run() throws {
        try StopwatchChange.run(Method.stopwatchStop, ref: ref, past: "Stopped", global: global, output: output)
    }
}
