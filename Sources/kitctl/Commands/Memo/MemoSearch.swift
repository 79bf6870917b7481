import ArgumentParser
import KitLocalization
import KitProtocol

struct MemoSearch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: Localized.text("Find memos that contain every word (any case, any part of a word), with snippets."),
        discussion: Localized.text("Example: kitctl memo search 두부"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var search: SearchOptions

    func run() throws {
        let result = try global.call(Method.memoSearch, search.params)
        if output.json { return try JSONOutput.print(result) }
        let hits = result.results.map { hit in
            (heading: "\(hit.memo.id)\(hit.memo.pinned ? "*" : "")  \(hit.memo.title)", snippet: hit.snippet)
        }
        Terminal.writeLine(NoteText.searchResults(hits, total: result.total, terms: result.terms, noun: "memo"))
    }
}
