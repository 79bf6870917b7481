import ArgumentParser
import Glibc
import KitCore
import KitLocalization
import KitProtocol

struct PlaceExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: Localized.text(
            "Write every place as CSV or JSON (name, tags, url, phone, address, note, weight; not images)."),
        discussion: Localized.text("Example: kitctl place export --csv places.csv"))

    @OptionGroup var global: GlobalOptions

    @Flag(help: ArgumentHelp(Localized.text("CSV with a header row; tags as category=value;category=value.")))
    var csv = false

    @Flag(help: ArgumentHelp(Localized.text("A JSON list of place objects.")))
    var json = false

    @Argument(
        help: ArgumentHelp(Localized.text("Write here instead of to standard output."), valueName: "file"),
        completion: .file())
    var file: String?

    func validate() throws {
        guard csv != json else { throw ValidationError(Localized.text("choose one format: --csv or --json")) }
    }

    func run() throws {
        let result = try global.call(Method.placeExport, EmptyParams())
        let places = result.places.map(\.place)
        let text: String
        if csv {
            text = PlaceCSV.export(places)
        } else {
            text = try JSONOutput.text(
                places.map { place -> PlaceDraft in
                    var draft = place.draft
                    draft.image = nil
                    return draft
                })
        }
        guard let file else { return Terminal.write(text) }
        try FileText.write(Array(text.utf8), to: file)
        Terminal.writeError(
            Localized.plural("Exported %d place to %s", "Exported %d places to %s", places.count, file))
    }
}
