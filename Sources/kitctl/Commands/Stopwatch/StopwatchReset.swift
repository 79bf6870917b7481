import ArgumentParser
import KitProtocol

struct StopwatchReset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Set it back to zero and drop its laps (a running one keeps running).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The stopwatch's id or name.", valueName: "ref"),
        completion: .custom(RefCompletion.stopwatches))
    var ref: String

    func run() throws {
        try StopwatchChange.run(Method.stopwatchReset, ref: ref, past: "Reset", global: global, output: output)
    }
}
