import ArgumentParser
import KitLocalization
import KitProtocol

/// The diary commands that are one call and one answer: show and search (`OneCallCommand`).
enum DiaryCalls {
    enum Show: OneCall {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text("Print an entry: its date and metadata, title and body."),
            discussion: Localized.text("Example: kitctl diary show 첫눈"))
        static let method = Method.diaryGet
        static func params(_ one: TitleRef<DiaryRefs>) -> RefParams { RefParams(ref: one.ref) }
        static func text(_ entry: DiaryEntryInfo) -> String { DiaryText.shown(entry) }
    }

    enum Search: OneCall {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: Localized.text(
                "Find entries that contain every word (any case, any part of a word), with snippets."),
            discussion: Localized.text("Example: kitctl diary search 첫눈"))
        static let method = Method.diarySearch
        static func params(_ search: SearchOptions) -> SearchParams { search.params }
        static func text(_ result: DiarySearchResult) -> String {
            let hits = result.results.map { hit in
                (heading: "\(hit.entry.id)  \(DiaryText.when(hit.entry))  \(hit.entry.title)", snippet: hit.snippet)
            }
            return NoteText.searchResults(hits, total: result.total, terms: result.terms, noun: "entry")
        }
    }
}
