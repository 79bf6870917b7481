import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct StopwatchNew: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: Localized.text("Create a stopwatch."),
        discussion: Localized.text("Example: kitctl sw new 공부 --start"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(Localized.text("A unique name."), valueName: "name"))
    var name: String

    @Flag(help: ArgumentHelp(Localized.text("Start it at once.")))
    var start = false

    @Option(
        help: ArgumentHelp(
            Localized.text("Notice while it runs longer than this (2h, 45m), repeating; off for none."),
            valueName: "duration"))
    var remindAfter: String?

    func run() throws {
        let remind = try remindAfter.map { text -> Nanoseconds in
            if ["off", "0", "0s"].contains(text.lowercased()) { return 0 }
            let threshold = try ArgumentValues.duration(text)
            guard threshold >= Nanoseconds.second else {
                throw CLIError.usage(
                    Localized.text("--remind-after %s is under a second; give 1s or more, or off", text))
            }
            return threshold
        }
        let stopwatch = try global.call(
            Method.stopwatchCreate, StopwatchCreateParams(name: name, start: start, remindAfterNs: remind))
        if output.json { return try JSONOutput.print(stopwatch) }
        Terminal.writeLine(
            stopwatch.state == .running
                ? Localized.text("Created stopwatch %1$s (%2$s), running", String(stopwatch.id), stopwatch.name)
                : Localized.text("Created stopwatch %1$s (%2$s)", String(stopwatch.id), stopwatch.name))
    }
}
