import ArgumentParser
import KitLocalization
import KitProtocol

struct RamenUnhide: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unhide", abstract: Localized.text("Show a hidden ramen again."),
        discussion: Localized.text("Example: kitctl ramen unhide 안성탕면"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    func run() throws {
        let ramen = try global.call(Method.ramenUnhide, RamenRefParams(ref: name.text))
        if output.json { return try JSONOutput.print(ramen) }
        Terminal.writeLine(Localized.text("%s is shown again", ramen.displayName))
    }
}
