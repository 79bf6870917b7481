import ArgumentParser
import KitClient
import KitLocalization
import KitProtocol

struct StopwatchWatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: Localized.text("Live display: one stopwatch to the hundredth of a second, or all running ones."),
        discussion: Localized.text(
            "On a terminal the lines are redrawn in place; off a terminal a plain line is printed every second. Ctrl-C ends it.\nExample: kitctl sw watch 공부"
        )
    )

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: ArgumentHelp(
            Localized.text("The stopwatch's id or name (default: every running one)."), valueName: "ref"),
        completion: .custom(RefCompletion.stopwatches))
    var ref: String?

    func run() throws {
        Interrupt.install()
        let connection = try global.connect()
        var display = StopwatchWatchDisplay(ref: ref, live: Terminal.isInteractive)
        try display.run(connection)
    }
}
