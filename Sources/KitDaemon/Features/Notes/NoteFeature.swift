import KitCalendar
import KitCore
import KitProtocol
import KitStore
import Logging

/// A feature that keeps one kind of note: memos (`MemoFeature`) or the diary (`DiaryFeature`).
///
/// Both live in the database, each change one statement of the turn's transaction, committed
/// before the reply goes out. With `[vdir] memos` or `[vdir] diary`, each note is also kept there
/// as one VJOURNAL file, and changes made there from outside (vdirsyncer, jtx Board through
/// DAVx⁵, an editor) are read in and reconciled with kit's against their base
/// (`VdirMirror.reconcile`). What the two share is here, once: the vdir side, adding, saving and
/// deleting with their event and file, search, and the catch-up at start. What differs is the
/// kind's data: its store's table, its file's VJOURNAL, its event and its requests.
protocol NoteFeature: Feature, VdirKeeper, SendableMetatype where Item: StoredNote {
    /// What the feature's event says happened to a note.
    associatedtype Change: NoteChange

    var store: NoteStore<Item> { get }
    /// The vdir collection the notes are kept in, opened at start; nil for none.
    var mirror: VdirMirror? { get set }

    /// The collection's key in `[vdir]`: `memos`, `diary`.
    static var vdirName: String { get }
    /// Whether a note's VJOURNAL has a day (a diary entry) or must have none (a memo).
    static var dated: Bool { get }
    /// The key of a note's id in log metadata: `memo.id`, `diary.id`.
    static var idKey: String { get }
    /// The note's vdir file: one VJOURNAL.
    static func vdirText(_ note: Item) -> String
    /// The note a file's VJOURNAL makes, checked as a request's would be, with this id, made
    /// (unless the file says when) and changed at `at`.
    static func note(_ journal: CalendarJournal, id: Int64, at: WallTime) throws(KitError) -> Item
    /// Sends the feature's event about the note after the commit.
    func emit(_ note: Item, change: Change)
    /// The note a person means by `ref`, or a refusal that says what there is.
    func resolve(_ ref: RecordRef) throws -> Item
}

/// What a note's event says happened to it; the cases the shared code sends.
protocol NoteChange: Equatable, RawRepresentable<String> {
    static var edited: Self { get }
    static var deleted: Self { get }
    /// A change came in through the vdir.
    static var synced: Self { get }
}

extension MemoEvent.Change: NoteChange {}
extension DiaryEvent.Change: NoteChange {}

extension NoteFeature {
    /// At start, opens the vdir, writes every note whose file is missing or older, and watches it
    /// for changes from outside.
    func load(_ reason: LoadReason) throws {
        guard reason == .start, let mirror = try VdirMirror.open(Self.vdirName, runtime: runtime) else { return }
        self.mirror = mirror
        let notes = try store.all()
        mirror.keep("catch-up", uids: notes.map(\.uid)) {
            notes.map { VdirMirror.Text(uid: $0.uid, text: Self.vdirText($0), modified: $0.updatedAt) }
        }
        try mirror.watch(
            reader: { VdirMirror.journalReader(dated: Self.dated) },
            onArrivals: { [unowned self] arrivals in mirror.reconcile(arrivals, with: self) })
    }

    // MARK: Requests

    /// Stores a note made in kit, announced as `change`.
    func add(_ note: Item, change: Change) throws -> Item {
        let added = try storing { try store.insert(note) }
        logger.info(
            "\(Item.noun) \(change.rawValue)",
            metadata: [Self.idKey: "\(added.id)", "note.bytes": "\(added.text?.utf8.count ?? 0)"])
        announce(added, change: change)
        return added
    }

    /// Saves a note changed in kit from `original`, changed now: nothing when nothing changed.
    func save(_ edited: Item, over original: Item) throws -> Item {
        guard edited != original else { return edited }
        var note = edited
        note.updatedAt = clock.now().wall
        try storing { try store.update(note) }
        logger.info("\(Item.noun) edited", metadata: [Self.idKey: "\(note.id)"])
        announce(note, change: .edited)
        return note
    }

    /// Deletes the note `ref` means; its id.
    func deleteNote(_ ref: RecordRef) throws -> Int64 {
        let note = try resolve(ref)
        try storing { try store.delete(id: note.id) }
        logger.info("\(Item.noun) deleted", metadata: [Self.idKey: "\(note.id)"])
        announce(note, change: .deleted)
        return note.id
    }

    /// The notes that hold every word of the query, with the text around the first match.
    func found(_ params: SearchParams) throws -> (terms: [String], total: Int, hits: [(Item, [SnippetPart])]) {
        let query = try SearchQuery(params.query)
        let found = try storing { try store.search(query, limit: params.limit ?? SearchQuery.defaultLimit) }
        return (
            query.terms, found.total, found.notes.map { ($0, Snippet.make($0.text ?? "", terms: query.terms)) }
        )
    }

    /// Announces a change made in kit, and writes it to the note's vdir file.
    func announce(_ note: Item, change: Change) {
        emit(note, change: change)
        mirror?.change(note.uid, deleted: change == .deleted, modified: nil) { Self.vdirText(note) }
    }

    // MARK: The vdir side (VdirKeeper)

    func vdirItem(uid: String) throws -> Item? { try storing { try store.note(uid: uid) } }

    func vdirText(of note: Item) -> String { Self.vdirText(note) }

    func vdirTitle(of note: Item) -> String { note.title }

    func vdirTaking(_ item: VdirItem, into current: Item?) -> Result<Item, VdirUnreadable> {
        guard let journal = item.value as? CalendarJournal else {
            return .failure(VdirUnreadable(reason: "it is not a VJOURNAL"))
        }
        do throws(KitError) {
            var note = try Self.note(
                journal, id: current?.id ?? 0, at: journal.modified ?? current?.updatedAt ?? clock.now().wall)
            if let current { note.createdAt = current.createdAt }
            return .success(note)
        } catch {
            return .failure(VdirUnreadable(reason: error.message))
        }
    }

    func vdirSave(_ note: Item, replacing current: Item?, file name: String) throws {
        guard current != nil else {
            let added = try storing { try store.insert(note) }
            logger.info(
                "\(Item.noun) added from the vdir", metadata: ["vdir.file": "\(name)", Self.idKey: "\(added.id)"])
            emit(added, change: .synced)
            return
        }
        try storing { try store.update(note) }
        emit(note, change: .synced)
    }

    func vdirDelete(_ note: Item) throws {
        try storing { try store.delete(id: note.id) }
        logger.info("\(Item.noun) deleted from the vdir", metadata: [Self.idKey: "\(note.id)"])
        emit(note, change: .deleted)
    }

    func vdirKeep(_ note: Item) {
        mirror?.change(note.uid, deleted: false, modified: note.updatedAt) { Self.vdirText(note) }
    }
}
