import ArgumentParser
import KitProtocol

struct StopwatchDelete: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete it and its laps.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The stopwatch's id or name.", valueName: "ref"),
        completion: .custom(RefCompletion.stopwatches))
    var ref: String

    func run() throws {
        let result = try global.call(
            Method.stopwatchDelete, StopwatchRefParams(ref: ref))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine("Deleted stopwatch \(result.deleted)")
    }
}
