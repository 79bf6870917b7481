import ArgumentParser
import KitLocalization
import KitProtocol

struct RamenFavRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: Localized.text("Remove a favourite."),
        discussion: Localized.text("Example: kitctl ramen fav remove 짜파게티"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    func run() throws {
        let ramen = try global.call(Method.ramenFavouriteRemove, RamenRefParams(ref: name.text))
        if output.json { return try JSONOutput.print(ramen) }
        Terminal.writeLine(Localized.text("%s is no longer a favourite", ramen.displayName))
    }
}
