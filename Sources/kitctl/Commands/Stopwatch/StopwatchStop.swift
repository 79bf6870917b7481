import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchStop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: Localized.text("Stop it; the elapsed time is kept."),
        discussion: Localized.text("Example: kitctl sw stop 공부"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<StopwatchRefs>

    func run() throws {
        try StopwatchChange.run(
            Method.stopwatchStop, ref: one.ref, past: { Localized.text("Stopped %s", $0) }, global: global,
            output: output)
    }
}
