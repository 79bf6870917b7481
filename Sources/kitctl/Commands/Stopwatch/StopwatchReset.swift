import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchReset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: Localized.text("Set it back to zero and drop its laps (a running one keeps running)."),
        discussion: Localized.text("Example: kitctl sw reset 공부"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<StopwatchRefs>

    func run() throws {
        try StopwatchChange.run(
            Method.stopwatchReset, ref: one.ref, past: { Localized.text("Reset %s", $0) }, global: global,
            output: output)
    }
}
