import ArgumentParser
import KitLocalization
import KitProtocol

struct RamenRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: Localized.text("Remove a ramen of your own (catalog ones can be hidden instead)."),
        discussion: Localized.text("Example: kitctl ramen remove 엄마표 라면"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    func run() throws {
        let result = try global.call(Method.ramenRemove, RamenRefParams(ref: name.text))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(Localized.text("Removed %s", "\(result.removed)"))
    }
}
