import ArgumentParser
import KitLocalization
import KitProtocol

struct PlaceList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: Localized.text("List places, by name; --tag narrows the list."),
        discussion: Localized.text("Example: kitctl place list --tag kind=한식"), aliases: ["ls"])

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var filter: PlaceFilterOptions

    func run() throws {
        let result = try global.call(
            Method.placeList, PlaceFilterParams(tags: try filter.checked()))
        if output.json { return try JSONOutput.print(result) }
        if result.places.isEmpty {
            if let explanation = result.explanationMessage {
                throw CLIError.refused(Localized.text(explanation))
            }
            return Terminal.writeLine(
                Localized.text("No places yet. Add one: kitctl place add '수원 칼국수' --tag area=수원역 --tag kind=한식"))
        }
        Terminal.writeLine(PlaceOutput.table(result.places))
    }
}
