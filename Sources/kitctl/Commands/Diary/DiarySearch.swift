import ArgumentParser
import KitLocalization
import KitProtocol

struct DiarySearch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: Localized.text("Find entries that contain every word (any case, any part of a word), with snippets."),
        discussion: Localized.text("Example: kitctl diary search 첫눈"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var search: SearchOptions

    func run() throws {
        let result = try global.call(Method.diarySearch, search.params)
        if output.json { return try JSONOutput.print(result) }
        let hits = result.results.map { hit in
            (heading: "\(hit.entry.id)  \(DiaryText.when(hit.entry))  \(hit.entry.title)", snippet: hit.snippet)
        }
        Terminal.writeLine(NoteText.searchResults(hits, total: result.total, terms: result.terms, noun: "entry"))
    }
}
