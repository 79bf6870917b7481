import ArgumentParser
import KitLocalization
import KitProtocol

struct RamenHide: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hide",
        abstract: Localized.text("Hide a catalog ramen from lists (kitctl ramen list --all still shows it)."),
        discussion: Localized.text("Example: kitctl ramen hide 안성탕면"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    func run() throws {
        let ramen = try global.call(Method.ramenHide, RamenRefParams(ref: name.text))
        if output.json { return try JSONOutput.print(ramen) }
        Terminal.writeLine(Localized.text("%s is hidden", ramen.displayName))
    }
}
