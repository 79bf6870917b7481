import ArgumentParser
import KitLocalization
import KitProtocol

struct PlaceRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: Localized.text("Remove a place (its image goes too, unless another place uses it)."),
        discussion: Localized.text("Example: kitctl place remove 칼국수"),
        aliases: ["rm"])

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("The place's id or name."), valueName: "ref"),
        completion: .custom(TagCompletion.names))
    var ref: String

    func run() throws {
        let place = try global.call(Method.placeGet, PlaceRefParams(ref: ref))
        let result = try global.call(
            Method.placeRemove, PlaceRefParams(ref: String(place.id)))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(Localized.text("Removed place %1$s (%2$s)", "\(result.removed)", place.name))
    }
}
