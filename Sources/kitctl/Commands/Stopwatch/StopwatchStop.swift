import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchStop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: Localized.text("Stop it; the elapsed time is kept."),
        discussion: Localized.text("Example: kitctl sw stop 공부"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("The stopwatch's id or name."), valueName: "ref"),
        completion: .custom(RefCompletion.stopwatches))
    var ref: String

    func run() throws {
        try StopwatchChange.run(
            Method.stopwatchStop, ref: ref, past: { Localized.text("Stopped %s", $0) }, global: global, output: output)
    }
}
