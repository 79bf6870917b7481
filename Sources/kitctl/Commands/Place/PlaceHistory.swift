import ArgumentParser
import KitLocalization
import KitProtocol

struct PlaceHistory: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: Localized.text("Picks and visits, newest first."),
        discussion: Localized.text("Example: kitctl place history 칼국수 -n 10"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("Only this place (id or name)."), valueName: "ref"),
        completion: .custom(TagCompletion.names))
    var ref: String?

    @Option(
        name: [.customShort("n"), .long],
        help: ArgumentHelp(Localized.text("At most this many entries (default 50)."), valueName: "n"))
    var limit: Int?

    func run() throws {
        let result = try global.call(
            Method.placeHistory, PlaceHistoryParams(ref: ref, limit: limit))
        if output.json { return try JSONOutput.print(result) }
        guard !result.entries.isEmpty else {
            return Terminal.writeLine(Localized.text("No picks or visits yet. Spin the roulette: kitctl place pick"))
        }
        Terminal.writeLine(PlaceOutput.history(result.entries))
    }
}
