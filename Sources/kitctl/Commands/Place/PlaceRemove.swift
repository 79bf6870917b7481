import ArgumentParser
import KitProtocol

struct PlaceRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a place (its image goes too, unless another place uses it).",
        aliases: ["rm"])

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The place's id or name.", valueName: "ref"), completion: .custom(TagCompletion.names))
    var ref: String

    func run() throws {
        let place = try global.call(Method.placeGet, PlaceRefParams(ref: ref))
        let result = try global.call(
            Method.placeRemove, PlaceRefParams(ref: String(place.id)))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine("Removed place \(result.removed) (\(place.name))")
    }
}
