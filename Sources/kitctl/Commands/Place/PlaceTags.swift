import ArgumentParser
import KitLocalization
import KitProtocol

struct PlaceTags: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: Localized.text("For each category, the values present among the places matching --tag, with counts."),
        discussion: Localized.text(
            "Narrow step by step: every value shown leads to at least one place. Counts under a category you already filter on show what OR-ing in another value would give.\nExample: kitctl place tags --tag area=수원역"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var filter: PlaceFilterOptions

    func run() throws {
        let result = try global.call(
            Method.placeTags, PlaceFilterParams(tags: try filter.checked()))
        if output.json { return try JSONOutput.print(result) }
        if result.matching == 0, let explanation = result.explanationMessage {
            throw CLIError.refused(Localized.text(explanation))
        }
        Terminal.writeLine(PlaceOutput.facets(result, filter: filter.tags))
    }
}
