import KitCore
import KitProtocol
import KitStore

/// **Reconciling.** What the worker read from the collection is decided on the loop, the same
/// way for tasks, the diary and memos, by what changed since the base (the last version kit and
/// the file agreed on), never by whose clock is later (`ItemMerge`):
/// - only the file changed: kit takes the file's version, whatever its LAST-MODIFIED or SEQUENCE;
/// - only kit changed: kit's change is written into the file as a new revision;
/// - both changed: merged property by property; only a property both changed to different values
///   is a conflict, which the later LAST-MODIFIED (then SEQUENCE) wins, and whose losing value is
///   kept (`sync status`) and announced (`sync.conflict`) with the property named.
/// The file kit read becomes the base, in its own words and in kit's (kit's rendering of the
/// file's version taken in); a change of kit's it lacks is then written as any change of kit's is.
///
/// A file deleted from outside deletes its item, unless kit changed the item since the base: then
/// kit's version stays and is written anew, and the deletion is kept as the losing side. A file
/// kit cannot read keeps its last good base, is reported, and is never merged.
extension VdirMirror {
    func reconcile<Keeper: VdirKeeper>(_ arrivals: [VdirArrival], with keeper: Keeper) {
        let now = wallNow
        for arrival in arrivals {
            do {
                switch arrival {
                case .removed(let name, let uid, let kitWroteAt):
                    try removedOutside(name: name, uid: uid, kitWroteAt: kitWroteAt, keeper: keeper, now: now)
                case .changed(let name, let text, let item):
                    try changedOutside(name: name, text: text, item: item, keeper: keeper, now: now)
                }
            } catch {
                logger.error(
                    "could not take in a vdir file",
                    metadata: ["vdir.collection": "\(self.name)", "error": "\(error)"])
            }
        }
    }

    private func changedOutside<Keeper: VdirKeeper>(
        name: String, text: String, item: VdirItem, keeper: Keeper, now: WallTime
    ) throws {
        let current = try keeper.vdirItem(uid: item.uid)
        let taken: Keeper.Item
        switch keeper.vdirTaking(item, into: current) {
        case .success(let item): taken = item
        case .failure(let refusal): return refuse(name, refusal.reason)
        }
        let bases = bases(of: name)
        // The file as it is now is what kit and the other side agree on, in kit's words too.
        let fileDocument = ItemDocument(text)
        var agreed = VdirStore.Bases(
            base: fileDocument.withoutZones.text, kitBase: Self.storable(keeper.vdirText(of: taken)))
        guard let current else {
            try keeper.vdirSave(taken, replacing: nil, file: name)
            record([], bases: [(name, agreed)])
            return
        }
        let merge = ItemMerge.merge(
            base: bases.base.map(ItemDocument.init), kitBase: bases.kitBase.map(ItemDocument.init),
            kit: ItemDocument(keeper.vdirText(of: current)), file: fileDocument, stamp: now)
        if merge.kitContributed, let kitBase = bases.kitBase, let taken = agreed.kitBase {
            // Taking the file's version in keeps what kit tracks on its own (the occurrence it is
            // at): what kit changed that the file lacks is kit's rendering of the base there.
            agreed.kitBase =
                ItemMerge.revert(ItemDocument(taken), units: merge.kitOnly, to: ItemDocument(kitBase)).text
        }
        var final = current
        if merge.fileContributed {
            final = taken
            if merge.kitContributed {
                // Kit's changes with the file's: the merged text, read as the file's was.
                let merged = merge.document.text
                switch makeReader?()(merged).flatMap({ keeper.vdirTaking($0, into: current) }) {
                case .success(let item)?:
                    final = item
                case .failure(let refusal)?:
                    logger.warning(
                        "a merged vdir item did not read back; the file's version was taken",
                        metadata: ["vdir.file": "\(name)", "error": "\(refusal.reason)"])
                case nil:
                    break
                }
            }
            try keeper.vdirSave(final, replacing: current, file: name)
        }
        record([], bases: [(name, agreed)])
        for conflict in merge.conflicts {
            keepConflict(
                uid: item.uid, title: keeper.vdirTitle(of: final), winner: conflict.winner,
                losing: conflict.lost.joined(separator: "\r\n"),
                property: conflict.properties.joined(separator: ", "), now: now)
        }
        if merge.kitContributed { keeper.vdirKeep(final) }
    }

    private func removedOutside<Keeper: VdirKeeper>(
        name: String, uid: String, kitWroteAt: WallTime?, keeper: Keeper, now: WallTime
    ) throws {
        guard let current = try keeper.vdirItem(uid: uid) else {
            // Kit has no such item: only the ledger forgets the file.
            remove(uid)
            return
        }
        let bases = bases(of: name)
        let changedInKit: Bool
        if let kitBase = bases.kitBase {
            changedInKit = ItemMerge.differs(ItemDocument(kitBase), ItemDocument(keeper.vdirText(of: current)))
        } else {
            // No base: kit's write after the last sync that succeeded may not have reached the other side.
            changedInKit = runtime.vdirs.unsynced(kitWroteAt)
        }
        guard changedInKit else { return try keeper.vdirDelete(current) }
        // The ledger forgets the file (it is gone), so that kit's version is written anew.
        remove(uid)
        keeper.vdirKeep(current)
        keepConflict(uid: uid, title: keeper.vdirTitle(of: current), winner: .kit, losing: "", property: nil, now: now)
    }

    /// Keeps the losing side of a conflict (iCalendar lines; empty for a deletion) and says so
    /// (`sync.conflict`, after the commit).
    func keepConflict(
        uid: String, title: String, winner: ItemMerge.Side, losing: String, property: String?, now: WallTime
    ) {
        do {
            let kept = try storing {
                try runtime.store.vdir.keep(
                    VdirStore.Conflict(
                        collection: collection.path, uid: uid, title: title, winner: winner.rawValue, kept: losing,
                        at: now,
                        property: property))
            }
            let payload = SyncConflictEvent(
                id: kept.id, collection: name, uid: uid, title: title, winner: winner, at: Timestamp.rfc3339(now),
                property: property, lost: losing)
            let events = runtime.events
            runtime.commits.onCommitted { events.emit(Event.syncConflict, payload) }
            logger.notice(
                "an item changed in kit and in its vdir file; the later change won",
                metadata: [
                    "vdir.collection": "\(name)", "vdir.uid": "\(uid)", "sync.winner": "\(winner)",
                    "sync.property": "\(property ?? "the whole item")", "sync.conflict": "\(kept.id)",
                ])
        } catch {
            logger.error(
                "could not keep a conflict's losing version", metadata: ["vdir.uid": "\(uid)", "error": "\(error)"])
        }
    }
}
