import ArgumentParser
import KitLocalization
import KitProtocol

/// The words and `--limit` of `memo search` and `diary search`.
struct SearchOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            Localized.text("Words to look for; quotes, * and the like are plain text."), valueName: "query"))
    var query: [String] = []

    @Option(help: ArgumentHelp(Localized.text("Show at most this many (1 to 1000; default 50)."), valueName: "n"))
    var limit: Int?

    func validate() throws {
        guard !query.isEmpty else { throw ValidationError(Localized.text("give a word to look for")) }
    }

    var params: SearchParams { SearchParams(query: query.joined(separator: " "), limit: limit) }
}
