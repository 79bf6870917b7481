import ArgumentParser
import KitLocalization
import KitProtocol

/// The diary commands that are one call and one answer: show and search (`OneCallCommand`), and
/// delete (`NoteDeleteCommand`).
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

    enum Delete: NoteDeletion {
        typealias Refs = DiaryRefs
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: Localized.text("Delete an entry (asks first on a terminal; --yes otherwise)."),
            discussion: Localized.text("Example: kitctl diary delete 첫눈 --yes"))
        static let lookUp = Method.diaryGet
        static let delete = Method.diaryDelete
        static func label(_ entry: DiaryEntryInfo) -> String {
            Localized.text(
                "entry %1$s of %2$s (%3$s)", String(entry.id), DiaryText.when(entry),
                NoteText.clipped(entry.title, width: 60))
        }
        static func deleted(_ result: DeleteResult) -> String {
            Localized.text("Deleted entry %s", "\(result.deleted)")
        }
    }
}
