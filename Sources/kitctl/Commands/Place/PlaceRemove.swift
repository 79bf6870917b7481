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

    @OptionGroup var one: OneRef<PlaceRefs>

    func run() throws {
        let place = try global.call(Method.placeGet, RefParams(ref: one.ref))
        let result = try global.call(
            Method.placeRemove, RefParams(ref: String(place.id)))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(Localized.text("Removed place %1$s (%2$s)", "\(result.removed)", place.name))
    }
}
