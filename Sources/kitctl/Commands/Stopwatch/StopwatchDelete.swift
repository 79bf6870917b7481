import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: Localized.text("Delete it and its laps."),
        discussion: Localized.text("Example: kitctl sw delete 공부"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<StopwatchRefs>

    func run() throws {
        let result = try global.call(
            Method.stopwatchDelete, StopwatchRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(Localized.text("Deleted stopwatch %s", "\(result.deleted)"))
    }
}
