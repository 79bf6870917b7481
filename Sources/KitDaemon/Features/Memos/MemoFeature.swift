import KitCalendar
import KitCore
import KitProtocol
import KitStore
import Logging

/// The memos feature. They live in the database: each request reads what it needs, and each
/// change is one statement of the turn's transaction, committed before the reply goes out. With
/// `[vdir] memos`, each memo is also kept there as one VJOURNAL file.
final class MemoFeature: Feature {
    let runtime: FeatureRuntime
    let eventNames = [Event.memoChanged]
    let store: MemoStore
    /// The vdir collection memos are kept in (`[vdir] memos`), opened at start; nil for none.
    private(set) var mirror: VdirMirror?

    init(_ runtime: FeatureRuntime) {
        self.runtime = runtime
        store = runtime.store.memos
    }

    /// At start, opens the memos' vdir, writes every memo whose file is missing or older, and
    /// watches it for changes from outside.
    func load(_ reason: LoadReason) throws {
        guard reason == .start, let mirror = try VdirMirror.open("memos", runtime: runtime)
        else { return }
        self.mirror = mirror
        let memos = try store.allMemos()
        mirror.keep("catch-up", uids: memos.map(\.uid)) {
            memos.map { VdirMirror.Text(uid: $0.uid, text: Self.vdirText($0), modified: $0.updatedAt) }
        }
        try watchVdir(mirror)
    }

    /// A memo's vdir file: one VJOURNAL without a date.
    static func vdirText(_ memo: Memo) -> String {
        ICalendarJournal.write(
            CalendarJournal(
                uid: memo.uid, text: memo.text ?? memo.title, pinned: memo.pinned, created: memo.createdAt,
                modified: memo.updatedAt),
            stamp: memo.updatedAt)
    }

    // MARK: Reading

    func list() throws -> MemoListResult {
        MemoListResult(memos: try storing { try store.memoList() }.map(\.withoutText))
    }

    func get(_ ref: RecordRef) throws -> MemoInfo { try resolve(ref) }

    func search(_ params: SearchParams) throws -> MemoSearchResult {
        let query = try SearchQuery(params.query)
        let limit = params.limit ?? SearchQuery.defaultLimit
        let found = try storing { try store.searchMemos(query, limit: limit) }
        return MemoSearchResult(
            terms: query.terms, total: found.total,
            results: found.memos.map { memo in
                MemoSearchHit(
                    memo: memo.withoutText, snippet: Snippet.make(memo.text ?? "", terms: query.terms))
            })
    }

    // MARK: Changing

    func add(_ params: MemoAddParams) throws -> MemoInfo {
        let text = try EntryText.normalized(params.text, noun: "memo")
        let now = clock.now().wall
        let memo = try storing { try store.insertMemo(text: text, now: now) }
        logger.info("memo added", metadata: ["memo.id": "\(memo.id)", "memo.bytes": "\(text.utf8.count)"])
        announce(memo, change: .added)
        return memo
    }

    func edit(_ params: MemoEditParams) throws -> MemoInfo {
        var memo = try resolve(params.ref)
        let text = try EntryText.normalized(params.text, noun: "memo")
        guard text != memo.text else { return memo }
        let now = clock.now().wall
        try storing { try store.updateMemoText(id: memo.id, text: text, now: now) }
        memo = Memo(
            id: memo.id, uid: memo.uid, text: text, pinned: memo.pinned, createdAt: memo.createdAt, updatedAt: now)
        logger.info("memo edited", metadata: ["memo.id": "\(memo.id)", "memo.bytes": "\(text.utf8.count)"])
        announce(memo, change: .edited)
        return memo
    }

    func setPinned(_ ref: RecordRef, _ pinned: Bool) throws -> MemoInfo {
        var memo = try resolve(ref)
        guard memo.pinned != pinned else { return memo }
        try storing { try store.setMemoPinned(id: memo.id, pinned: pinned) }
        memo.pinned = pinned
        announce(memo, change: pinned ? .pinned : .unpinned)
        return memo
    }

    func delete(_ ref: RecordRef) throws -> MemoDeleteResult {
        let memo = try resolve(ref)
        try storing { try store.deleteMemo(id: memo.id) }
        logger.info("memo deleted", metadata: ["memo.id": "\(memo.id)"])
        announce(memo, change: .deleted)
        return MemoDeleteResult(deleted: memo.id)
    }

    // MARK: Internals

    /// Announces a change made in kit, and writes it to the memo's vdir file.
    private func announce(_ memo: Memo, change: MemoEvent.Change) {
        emit(memo, change: change)
        mirror?.change(memo.uid, deleted: change == .deleted, modified: nil) { Self.vdirText(memo) }
    }

    /// `memo.changed`, after the commit.
    func emit(_ memo: Memo, change: MemoEvent.Change) {
        let payload = MemoEvent(memo: memo.withoutText, change: change)
        commits.onCommitted { [events] in events.emit(Event.memoChanged, payload) }
    }

    /// An id, or a title (the first line), compared without regard to case.
    private func resolve(_ ref: RecordRef) throws -> Memo {
        try RecordLookup<Memo>(
            noun: "memo", nameWord: "title", maximumLength: EntryText.maximumReferenceLength,
            byID: { [self] id in try storing { try store.memo(id: id) } },
            byName: { [self] title in try storing { try store.memos(titled: title) } },
            describe: { "\($0.id) (\($0.title))" },
            missingID: { [self] id in
                let titles = try storing { try store.memoTitles() }
                if titles.isEmpty { return .notFound("no memo with id \(id); add one with `kitctl memo add`") }
                return .notFound(
                    "no memo with id \(id); `kitctl memo list` shows them", suggestions: Array(titles.prefix(8)))
            },
            missingName: { [self] title in
                let close = Suggestions.closest(to: title, among: try storing { try store.memoTitles() })
                if close.isEmpty {
                    return .notFound(
                        "no memo titled '\(title)'; `kitctl memo list` shows them, `kitctl memo search` looks inside them"
                    )
                }
                return .notFound(
                    "no memo titled '\(title)'; did you mean \(Suggestions.quotedChoices(close))?", suggestions: close)
            }
        ).resolve(ref.text)
    }
}
