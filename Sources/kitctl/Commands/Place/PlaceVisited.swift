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

    @Argument(
        help: ArgumentHelp(Localized.text("The place's id or name."), valueName: "ref"),
        completion: .custom(TagCompletion.names))
    var ref: String

    func run() throws {
        let entry = try global.call(Method.placeVisited, PlaceRefParams(ref: ref))
        if output.json { return try JSONOutput.print(entry) }
        Terminal.writeLine(Localized.text("Recorded a visit to %s", entry.placeName))
    }
}
