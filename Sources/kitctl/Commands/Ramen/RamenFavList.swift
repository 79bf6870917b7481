import ArgumentParser
import KitLocalization
import KitProtocol

/// `ramen fav list`: what `ramen list --favourites` shows, where people look for it.
struct RamenFavList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: Localized.text("List your favourites, in your order (as ramen list --favourites)."),
        discussion: Localized.text("Example: kitctl ramen fav list"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let result = try global.call(Method.ramenList, RamenListParams(favourites: true))
        if output.json { return try JSONOutput.print(result) }
        guard !result.ramen.isEmpty else {
            Terminal.writeLine(Localized.text("No favourites yet; add one with `kitctl ramen fav add NAME`."))
            return
        }
        Terminal.writeLine(RamenText.table(result.ramen))
    }
}
