import ArgumentParser
import KitProtocol

struct DiarySearch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find entries that contain every word (any case, any part of a word), with snippets.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("Words to look for; quotes, * and the like are plain text.", valueName: "query"))
    var query: [String] = []

    @Option(help: ArgumentHelp("Show at most this many (1 to 1000; default 50).", valueName: "n"))
    var limit: Int?

    func validate() throws {
        guard !query.isEmpty else { throw ValidationError("give a word to look for") }
    }

    func run() throws {
        let result = try global.call(
            Method.diarySearch, SearchParams(query: query.joined(separator: " "), limit: limit),
            as: DiarySearchResult.self)
        if output.json { return try JSONOutput.print(result) }
        guard !result.results.isEmpty else {
            return Terminal.writeLine("No entry contains \(result.terms.joined(separator: " and "))")
        }
        var lines: [String] = []
        for hit in result.results {
            lines.append("\(hit.entry.id)  \(DiaryText.when(hit.entry))  \(hit.entry.title)")
            lines.append("    " + NoteText.snippet(hit.snippet))
        }
        if result.total > result.results.count {
            lines.append("(\(result.results.count) of \(result.total) shown; --limit shows more)")
        }
        Terminal.writeLine(lines.joined(separator: "\n"))
    }
}
