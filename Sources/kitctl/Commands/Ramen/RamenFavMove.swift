import ArgumentParser
import KitLocalization
import KitProtocol

struct RamenFavMove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: Localized.text("Move a favourite to a position, or before another favourite."),
        discussion: Localized.text("Example: kitctl ramen fav move 너구리 --to 1"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var name: RamenName

    @Option(help: ArgumentHelp(Localized.text("The new position, 1 first."), valueName: "n"))
    var to: Int?

    @Option(help: ArgumentHelp(Localized.text("Another favourite to go in front of."), valueName: "name"))
    var before: String?

    func validate() throws {
        guard (to == nil) != (before == nil) else {
            throw ValidationError(Localized.text("give exactly one of --to N or --before NAME"))
        }
        if let to, to < 1 { throw ValidationError(Localized.text("positions start at 1")) }
    }

    func run() throws {
        let result = try global.call(
            Method.ramenFavouriteMove, RamenMoveParams(ref: name.text, to: to, before: before))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(
            result.favourites.map { "★\($0.favouritePosition ?? 0) \($0.displayName)" }.joined(separator: "\n"))
    }
}
