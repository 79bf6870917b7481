import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: Localized.text("List stopwatches: running ones first, then stopped ones by name."),
        discussion: Localized.text("Example: kitctl sw list"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let result = try global.call(Method.stopwatchList, EmptyParams())
        if output.json { return try JSONOutput.print(result) }
        guard !result.stopwatches.isEmpty else {
            return Terminal.writeLine(Localized.text("No stopwatches. Create one: kitctl sw new focus --start"))
        }
        Terminal.writeLine(StopwatchText.table(result.stopwatches))
    }
}
