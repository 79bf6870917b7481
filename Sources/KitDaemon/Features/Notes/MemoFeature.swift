import KitCalendar
import KitCore
import KitProtocol
import KitStore
import Logging

/// The memos: notes without a day, which can be pinned to the top of the list. What all notes
/// share (the vdir, search, saving) is `NoteFeature`'s.
final class MemoFeature: NoteFeature {
    typealias Item = Memo

    let runtime: FeatureRuntime
    let eventNames = [Event.memoChanged]
    let store: NoteStore<Memo>
    var mirror: VdirMirror?

    static let vdirName = "memos"
    static let dated = false
    static let idKey = "memo.id"

    init(_ runtime: FeatureRuntime) {
        self.runtime = runtime
        store = runtime.store.memos
    }

    /// A memo's vdir file: one VJOURNAL without a date.
    static func vdirText(_ memo: Memo) -> String {
        ICalendarJournal.write(
            CalendarJournal(
                uid: memo.uid, text: memo.text ?? memo.title, pinned: memo.pinned, created: memo.createdAt,
                modified: memo.updatedAt),
            stamp: memo.updatedAt)
    }

    static func note(_ journal: CalendarJournal, id: Int64, at: WallTime) throws(KitError) -> Memo {
        Memo(
            id: id, uid: journal.uid, text: try EntryText.normalized(journal.text, noun: Memo.noun),
            pinned: journal.pinned, createdAt: journal.created ?? at, updatedAt: at)
    }

    // MARK: Requests

    func list() throws -> MemoListResult {
        MemoListResult(memos: try storing { try store.list() })
    }

    func get(_ ref: RecordRef) throws -> MemoInfo { try resolve(ref) }

    func search(_ params: SearchParams) throws -> MemoSearchResult {
        let found = try found(params)
        return MemoSearchResult(
            terms: found.terms, total: found.total,
            results: found.hits.map { MemoSearchHit(memo: $0.withoutText, snippet: $1) })
    }

    func add(_ params: MemoAddParams) throws -> MemoInfo {
        let text = try EntryText.normalized(params.text, noun: Memo.noun)
        let now = clock.now().wall
        return try add(Memo(id: 0, text: text, createdAt: now, updatedAt: now), change: .added)
    }

    func edit(_ params: MemoEditParams) throws -> MemoInfo {
        let memo = try resolve(params.ref)
        let text = try EntryText.normalized(params.text, noun: Memo.noun)
        return try save(
            Memo(
                id: memo.id, uid: memo.uid, text: text, pinned: memo.pinned, createdAt: memo.createdAt,
                updatedAt: memo.updatedAt),
            over: memo)
    }

    /// Pins or unpins a memo; its time of change stays, so a pin does not move it in time.
    func setPinned(_ ref: RecordRef, _ pinned: Bool) throws -> MemoInfo {
        var memo = try resolve(ref)
        guard memo.pinned != pinned else { return memo }
        memo.pinned = pinned
        try storing { try store.update(memo) }
        announce(memo, change: pinned ? .pinned : .unpinned)
        return memo
    }

    func delete(_ ref: RecordRef) throws -> DeleteResult { DeleteResult(deleted: try deleteNote(ref)) }

    /// `memo.changed`, after the commit.
    func emit(_ memo: Memo, change: MemoEvent.Change) {
        let payload = MemoEvent(memo: memo.withoutText, change: change)
        commits.onCommitted { [events] in events.emit(Event.memoChanged, payload) }
    }

    /// An id, or a title (the first line), compared without regard to case.
    func resolve(_ ref: RecordRef) throws -> Memo {
        try RecordLookup<Memo>(
            noun: Memo.noun, nameWord: "title", maximumLength: EntryText.maximumReferenceLength,
            byID: { [self] id in try storing { try store.note(id: id) } },
            byName: { [self] title in try storing { try store.notes(titled: title) } },
            describe: { "\($0.id) (\($0.title))" },
            missingID: { [self] id in
                let titles = try storing { try store.titles(limit: 8) }
                if titles.isEmpty { return .notFound("no memo with id \(id); add one with `kitctl memo add`") }
                return .notFound("no memo with id \(id); `kitctl memo list` shows them", suggestions: titles)
            },
            missingName: { [self] title in
                let close = Suggestions.closest(to: title, among: try storing { try store.titles(limit: 2000) })
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
