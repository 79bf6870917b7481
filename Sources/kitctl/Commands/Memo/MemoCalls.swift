import ArgumentParser
import KitLocalization
import KitProtocol

/// The memo commands that are one call and one answer: list, show, pin, unpin and search
/// (`OneCallCommand`), and delete (`NoteDeleteCommand`).
enum MemoCalls {
    protocol Call: OneCall where Arguments == TitleRef<MemoRefs>, Params == RefParams, Result == MemoInfo {}

    enum List: OneCall {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: Localized.text("List memos: pinned ones first, then the most recently changed."),
            discussion: Localized.text("Example: kitctl memo list"))
        static let method = Method.memoList
        static func params(_: NoArguments) -> EmptyParams { EmptyParams() }
        static func text(_ result: MemoListResult) -> String {
            guard !result.memos.isEmpty else {
                return Localized.text("No memos. Add one: kitctl memo add buy oat milk")
            }
            var table = Table(
                Localized.text("ID"), Localized.text("PIN"), Localized.text("UPDATED"), Localized.text("TITLE"))
            let width = max(20, (Terminal.isInteractive ? Terminal.columns : 120) - 30)
            for memo in result.memos {
                table.add(
                    "\(memo.id)", memo.pinned ? "*" : "", NoteText.when(memo.updatedAt),
                    NoteText.clipped(memo.title, width: width))
            }
            return table.render()
        }
    }

    enum Show: Call {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text("Print a memo: its title, then its body."),
            discussion: Localized.text("Example: kitctl memo show 장보기"))
        static let method = Method.memoGet
        static func text(_ memo: MemoInfo) -> String { NoteText.shown(memo.text ?? memo.title) }
    }

    enum Pin: Call {
        static let configuration = CommandConfiguration(
            commandName: "pin", abstract: Localized.text("Pin a memo to the top of the list."),
            discussion: Localized.text("Example: kitctl memo pin 장보기"))
        static let method = Method.memoPin
        static func text(_ memo: MemoInfo) -> String {
            Localized.text("Pinned memo %1$s (%2$s)", "\(memo.id)", "\(NoteText.clipped(memo.title, width: 60))")
        }
    }

    enum Unpin: Call {
        static let configuration = CommandConfiguration(
            commandName: "unpin", abstract: Localized.text("Unpin a memo."),
            discussion: Localized.text("Example: kitctl memo unpin 장보기"))
        static let method = Method.memoUnpin
        static func text(_ memo: MemoInfo) -> String {
            Localized.text("Unpinned memo %1$s (%2$s)", "\(memo.id)", "\(NoteText.clipped(memo.title, width: 60))")
        }
    }

    enum Search: OneCall {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: Localized.text(
                "Find memos that contain every word (any case, any part of a word), with snippets."),
            discussion: Localized.text("Example: kitctl memo search 두부"))
        static let method = Method.memoSearch
        static func params(_ search: SearchOptions) -> SearchParams { search.params }
        static func text(_ result: MemoSearchResult) -> String {
            let hits = result.results.map { hit in
                (heading: "\(hit.memo.id)\(hit.memo.pinned ? "*" : "")  \(hit.memo.title)", snippet: hit.snippet)
            }
            return NoteText.searchResults(hits, total: result.total, terms: result.terms, noun: "memo")
        }
    }

    enum Delete: NoteDeletion {
        typealias Refs = MemoRefs
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: Localized.text("Delete a memo (asks first on a terminal; --yes otherwise)."),
            discussion: Localized.text("Example: kitctl memo delete 장보기 --yes"))
        static let lookUp = Method.memoGet
        static let delete = Method.memoDelete
        static func label(_ memo: MemoInfo) -> String {
            Localized.text("memo %1$s (%2$s)", String(memo.id), NoteText.clipped(memo.title, width: 60))
        }
        static func deleted(_ result: DeleteResult) -> String { Localized.text("Deleted memo %s", "\(result.deleted)") }
    }
}

extension MemoCalls.Call {
    static func params(_ one: TitleRef<MemoRefs>) -> RefParams { RefParams(ref: one.ref) }
}
