import ArgumentParser
import KitProtocol

struct StopwatchStart: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start it, or resume it after a stop.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The stopwatch's id or name.", valueName: "ref"),
        completion: .custom(RefCompletion.stopwatches))
    var ref: String

    func run() throws {
        try StopwatchChange.run(Method.stopwatchStart, ref: ref, past: "Started", global: global, output: output)
    }
}
