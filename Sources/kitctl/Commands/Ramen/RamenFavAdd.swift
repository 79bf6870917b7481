import ArgumentParser
import KitLocalization
import KitProtocol

struct RamenFavAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: Localized.text("Add a favourite at the end."),
        discussion: Localized.text("Example: kitctl ramen fav add 짜파게티"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    func run() throws {
        let ramen = try global.call(Method.ramenFavouriteAdd, RamenRefParams(ref: name.text))
        if output.json { return try JSONOutput.print(ramen) }
        Terminal.writeLine("★\(ramen.favouritePosition ?? 0) \(ramen.displayName)")
    }
}
