import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchStart: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: Localized.text("Start it, or resume it after a stop."),
        discussion: Localized.text("Example: kitctl sw start 공부"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<StopwatchRefs>

    func run() throws {
        try StopwatchChange.run(
            Method.stopwatchStart, ref: one.ref, past: { Localized.text("Started %s", $0) }, global: global,
            output: output)
    }
}
