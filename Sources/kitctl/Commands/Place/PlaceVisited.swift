import ArgumentParser
import KitLocalization
import KitProtocol

struct PlaceVisited: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visited",
        abstract: Localized.text("Record that you went to a place (pick --avoid-recent counts visits)."),
        discussion: Localized.text("Example: kitctl place visited 칼국수"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<PlaceRefs>

    func run() throws {
        let entry = try global.call(Method.placeVisited, PlaceRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(entry) }
        Terminal.writeLine(Localized.text("Recorded a visit to %s", entry.placeName))
    }
}
