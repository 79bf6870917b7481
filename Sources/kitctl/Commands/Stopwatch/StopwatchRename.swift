import ArgumentParser
import KitLocalization
import KitProtocol

struct StopwatchRename: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: Localized.text("Give a stopwatch a new name."),
        discussion: Localized.text("Example: kitctl sw rename 공부 영어"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<StopwatchRefs>

    @Argument(help: ArgumentHelp(Localized.text("The new, unique name."), valueName: "new-name"))
    var newName: String

    func run() throws {
        let stopwatch = try global.call(
            Method.stopwatchRename, StopwatchRenameParams(ref: one.ref, name: newName))
        if output.json { return try JSONOutput.print(stopwatch) }
        Terminal.writeLine(Localized.text("Renamed stopwatch %1$s to %2$s", "\(stopwatch.id)", stopwatch.name))
    }
}
