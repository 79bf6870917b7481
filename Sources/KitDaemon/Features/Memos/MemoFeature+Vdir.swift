import KitCalendar
import KitCore
import KitProtocol

/// Memos kept in a vdir (`[vdir] memos`): changes made there from outside (vdirsyncer, jtx Board
/// through DAVx⁵, an editor) read in. A new file adds a memo, a later version replaces kit's
/// (text and pin), an older one loses to kit's (written back, and the file's kept as a conflict),
/// and a deleted file deletes the memo, unless kit's version had not reached the other side.
extension MemoFeature {
    func watchVdir(_ mirror: VdirMirror) throws {
        try mirror.watch(
            reader: { VdirMirror.journalReader(dated: false) },
            onArrivals: { [unowned self] arrivals in arrived(arrivals) })
    }

    private func arrived(_ arrivals: [VdirArrival]) {
        guard let mirror else { return }
        let now = clock.now().wall
        for arrival in arrivals {
            do {
                switch arrival {
                case .removed(_, let uid, let kitWroteAt):
                    guard let memo = try storing({ try store.memo(uid: uid) }) else { continue }
                    let kept = Self.vdirText(memo)
                    if !mirror.keepsDeleted(uid, title: memo.title, text: kept, kitWroteAt: kitWroteAt, now: now) {
                        try storing { try store.deleteMemo(id: memo.id) }
                        emit(memo, change: "deleted")
                    }
                case .changed(let name, let text, let item, let kitWroteAt):
                    guard let journal = item.value as? CalendarJournal else { continue }
                    let body: String
                    do throws(KitError) {
                        body = try EntryText.normalized(journal.text, noun: "memo")
                    } catch {
                        mirror.refuse(name, error.message)
                        continue
                    }
                    let current = try storing { try store.memo(uid: journal.uid) }
                    let fileModified = VdirCollection.lastModified(Array(text.utf8))
                    let verdict = VdirVerdict(
                        kitModified: current?.updatedAt,
                        same: current?.text == body && current?.pinned == journal.pinned,
                        fileModified: fileModified, kitChangedToo: runtime.vdirs.unsynced(kitWroteAt))
                    switch verdict {
                    case .add:
                        let stamp = fileModified ?? now
                        let memo = try storing {
                            try store.insertMemo(
                                Memo(
                                    id: 0, uid: journal.uid, text: body, pinned: journal.pinned,
                                    createdAt: journal.created ?? stamp, updatedAt: stamp))
                        }
                        logger.info(
                            "memo added from the vdir", metadata: ["vdir.file": "\(name)", "memo.id": "\(memo.id)"])
                        emit(memo, change: "synced")
                    case .same:
                        continue
                    case .takeFile(let conflict):
                        guard var memo = current, let fileModified else { continue }
                        let loser = conflict ? Self.vdirText(memo) : nil
                        memo.text = body
                        memo.title = EntryText(body).title
                        memo.pinned = journal.pinned
                        memo.updatedAt = fileModified
                        try storing { try store.replaceMemo(memo) }
                        emit(memo, change: "synced")
                        if let loser {
                            mirror.keepConflict(
                                uid: memo.uid, title: memo.title, winner: "file", losing: loser, now: now)
                        }
                    case .keepKit:
                        guard var memo = current else { continue }
                        // A new revision: later than the file's, so the file is written and uploaded.
                        memo.updatedAt = max(now, (fileModified ?? now) + 1_000_000_000)
                        try storing { try store.replaceMemo(memo) }
                        let kept = memo
                        mirror.change(memo.uid, deleted: false, modified: kept.updatedAt) { Self.vdirText(kept) }
                        mirror.keepConflict(uid: memo.uid, title: memo.title, winner: "kit", losing: text, now: now)
                    }
                }
            } catch {
                logger.error("could not take a memo from the vdir", metadata: ["error": "\(error)"])
            }
        }
    }
}
