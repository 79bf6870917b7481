import KitCalendar
import KitCore
import KitProtocol

/// Memos kept in a vdir (`[vdir] memos`): changes made there from outside (vdirsyncer, jtx Board
/// through DAVx⁵, an editor) read in and reconciled with kit's against their base, as tasks and
/// diary entries are (`VdirMirror.reconcile`): a new file adds a memo, a change on one side only
/// is taken, changes on both are merged (text, pin) and a conflict over one property goes to
/// the later change; a deleted file deletes the memo, unless kit changed it since.
extension MemoFeature: VdirKeeper {
    func watchVdir(_ mirror: VdirMirror) throws {
        try mirror.watch(
            reader: { VdirMirror.journalReader(dated: false) },
            onArrivals: { [unowned self] arrivals in mirror.reconcile(arrivals, with: self) })
    }

    func vdirItem(uid: String) throws -> Memo? { try storing { try store.memo(uid: uid) } }

    func vdirText(of memo: Memo) -> String { Self.vdirText(memo) }

    func vdirTitle(of memo: Memo) -> String { memo.title }

    func vdirTaking(_ item: VdirItem, into current: Memo?) -> Result<Memo, VdirUnreadable> {
        guard let journal = item.value as? CalendarJournal else {
            return .failure(VdirUnreadable(reason: "it is not a VJOURNAL"))
        }
        let body: String
        do throws(KitError) {
            body = try EntryText.normalized(journal.text, noun: "memo")
        } catch {
            return .failure(VdirUnreadable(reason: error.message))
        }
        let stamp = journal.modified ?? current?.updatedAt ?? clock.now().wall
        return .success(
            Memo(
                id: current?.id ?? 0, uid: journal.uid, text: body, pinned: journal.pinned,
                createdAt: current?.createdAt ?? journal.created ?? stamp, updatedAt: stamp))
    }

    func vdirSave(_ memo: Memo, replacing current: Memo?, file name: String) throws {
        if current == nil {
            let added = try storing { try store.insertMemo(memo) }
            logger.info("memo added from the vdir", metadata: ["vdir.file": "\(name)", "memo.id": "\(added.id)"])
            emit(added, change: .synced)
        } else {
            try storing { try store.replaceMemo(memo) }
            emit(memo, change: .synced)
        }
    }

    func vdirDelete(_ memo: Memo) throws {
        try storing { try store.deleteMemo(id: memo.id) }
        logger.info("memo deleted from the vdir", metadata: ["memo.id": "\(memo.id)"])
        emit(memo, change: .deleted)
    }

    func vdirKeep(_ memo: Memo) {
        mirror?.change(memo.uid, deleted: false, modified: memo.updatedAt) { Self.vdirText(memo) }
    }
}
