import ArgumentParser
import KitLocalization
import KitProtocol

struct PlaceShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: Localized.text("Show one place."),
        discussion: Localized.text("Example: kitctl place show 칼국수"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<PlaceRefs>

    func run() throws {
        let place = try global.call(Method.placeGet, PlaceRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(place) }
        Terminal.writeLine(PlaceOutput.details(place))
    }
}
