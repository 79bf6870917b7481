import KitCore
import KitStore
import Logging

/// **Out.** Each changed item's file is written, and each deleted item's file removed, on the
/// background worker, in order, after the commit (so a file never shows a change the database
/// does not have).
///
/// A file is written only over the version kitd last wrote or read (the `VdirLedger` knows its
/// hash): a change from outside that kitd has not read yet is never overwritten, but read and
/// merged (`reconcile`). What is written is kit's change and nothing more: the properties kit's
/// rendering of the item now says otherwise than its rendering when kit and the file last agreed
/// (the base's `kitBase`, or that of kit's last write) are put into the file's own text
/// (`ItemMerge`), so that what kit does not model (PRIORITY, CATEGORIES, `X-` lines) and the other
/// program's words stay, and a file whose item kit did not change is not rewritten. Without a
/// base (a file kit never agreed on) kit's rendering is written whole, unless the file already
/// holds it or is as new. At start, `keep` over every item writes each one whose file is missing
/// or lacks kit's change, which also mends a change that a crash between the commit and the
/// write left out.
///
/// What kit wrote is the file's base at once when kitd runs no sync command; with one, once a
/// run that started after the write succeeded (`agreeOnWrites`): until then the other side may
/// not have it (vdirsyncer may even put the server's version over it), so a change from outside
/// is merged against the base before.
extension VdirMirror {
    /// What a job on the files did.
    struct Outcome: Sendable {
        var written = 0
        var removed = 0
        var unchanged = 0
        /// The UIDs whose files now hold kit's version (written, or already there or newer).
        var settled: Set<String> = []
        /// Files changed from outside since kitd last saw them, which the job left alone.
        var heldBack: [String] = []
        var ledger: [(name: String, file: VdirStore.File?)] = []
        var bases: [(name: String, bases: VdirStore.Bases)] = []
        var failures: [String] = []
    }

    /// One item's file as kit would write it.
    struct Text: Sendable {
        var uid: String
        var text: String
        /// When the item last changed: the new revision's LAST-MODIFIED (never before the file's);
        /// nil for now.
        var modified: WallTime? = nil
    }

    /// Writes the items `items` makes (on the worker, from values the caller captured), each
    /// unless its file already holds kit's version or changed from outside. `uids` are theirs,
    /// for their bases to be read first. `label` names the batch in the log; `settled` gets, on the
    /// loop, the UIDs whose files hold kit's version now (not those held back or failed).
    func keep(
        _ label: String, uids: [String], _ items: @escaping @Sendable () -> [Text],
        settled: ((Set<String>) -> Void)? = nil
    ) {
        let collection = collection
        let ledger = ledger
        // Bases not in the database yet go with the job; the rest the worker reads itself.
        var noted: [String: VdirStore.Bases] = [:]
        if !unrecordedBases.isEmpty {
            for uid in uids {
                noted[uid] = unrecordedBases[ledger.name(of: uid) ?? VdirCollection.fileName(for: uid)]
            }
        }
        let reader = baseReader
        let known = noted
        let clock = runtime.clock
        let work: @Sendable () -> Outcome = {
            var outcome = Outcome()
            for item in items() {
                let name = ledger.name(of: item.uid) ?? VdirCollection.fileName(for: item.uid)
                do {
                    // A file kitd never wrote or read has no bases to read.
                    let bases =
                        known[item.uid]
                        ?? (ledger.file(named: name) == nil ? VdirStore.Bases() : reader.bases(of: name))
                    switch try Self.keep(
                        item, bases: bases, in: collection, ledger: ledger, now: clock.now().wall, outcome: &outcome)
                    {
                    case .written:
                        outcome.written += 1
                        outcome.settled.insert(item.uid)
                    case .unchanged:
                        outcome.unchanged += 1
                        outcome.settled.insert(item.uid)
                    case .heldBack(let name):
                        outcome.heldBack.append(name)
                    }
                } catch {
                    outcome.failures.append("\(item.uid): \(error)")
                }
            }
            return outcome
        }
        jobsInFlight += 1
        runtime.worker.submit("vdir." + label, work) { [self] outcome in
            jobsInFlight -= 1
            finished(outcome, label: label)
            settled?(outcome.settled)
            checkSettled()
        }
    }

    /// What keeping one item did.
    enum Kept {
        case written
        /// Its file already held kit's version.
        case unchanged
        /// Its file (this name) changed from outside since kitd last saw it, and is left to be read.
        case heldBack(String)
    }

    private static func keep(
        _ item: Text, bases: VdirStore.Bases, in collection: VdirCollection, ledger: VdirLedger, now wallNow: WallTime,
        outcome: inout Outcome
    ) throws(SystemError) -> Kept {
        let name = ledger.name(of: item.uid) ?? VdirCollection.fileName(for: item.uid)
        let bytes = Array(item.text.utf8)
        let current = try collection.read(name: name)
        let known = ledger.file(named: name)
        var text = item.text
        if let current {
            let hash = VdirCollection.hash(current)
            guard known?.hash == hash else {
                guard current == bytes else { return .heldBack(name) }
                // Kit's rendering, found there (written before a crash lost its record): counted
                // as written now, since whether a sync took it is not known.
                let file = VdirStore.File(uid: item.uid, hash: hash, writtenAt: wallNow)
                ledger.record(name, file)
                outcome.ledger.append((name, file))
                let stored = Self.storable(text)
                outcome.bases.append(
                    (
                        name,
                        VdirStore.Bases(base: bases.base, kitBase: bases.kitBase, written: stored, writtenKit: stored)
                    ))
                return .unchanged
            }
            if known?.uid.isEmpty == true {
                // A file kit could not read: left as it is (and reported) until it reads again,
                // when it is merged against its last good base.
                return .heldBack(name)
            }
            if let reference = bases.kitReference {
                let words = ItemDocument(String(decoding: current, as: UTF8.self))
                let merge = ItemMerge.merge(
                    base: words, kitBase: ItemDocument(reference), kit: ItemDocument(item.text), file: words,
                    stamp: item.modified ?? wallNow)
                guard merge.kitContributed else { return .unchanged }
                text = merge.document.text
            } else if current == bytes {
                // Kit's rendering, never agreed on (a file from before bases were kept): now it is.
                if bases.base == nil {
                    let stored = Self.storable(text)
                    outcome.bases.append((name, VdirStore.Bases(base: stored, kitBase: stored)))
                }
                return .unchanged
            } else if let modified = item.modified, let fileModified = VdirCollection.lastModified(current),
                fileModified >= modified
            {
                // No base to tell what changed, and the file is as new: it stays.
                return .unchanged
            }
        } else if known != nil {
            // Deleted from outside, and not read yet.
            return .heldBack(name)
        }
        let written = Array(text.utf8)
        guard try collection.write(written, name: name, expected: current.map(VdirCollection.hash)) else {
            // Another program wrote the file while kit wrote its own: it is read, and merged.
            return .heldBack(name)
        }
        let file = VdirStore.File(uid: item.uid, hash: VdirCollection.hash(written), writtenAt: wallNow)
        ledger.record(name, file)
        outcome.ledger.append((name, file))
        outcome.bases.append(
            (
                name,
                VdirStore.Bases(
                    base: bases.base, kitBase: bases.kitBase, written: Self.storable(text),
                    writtenKit: Self.storable(item.text))
            ))
        return .written
    }

    /// A text as a base keeps it: without its zone definitions (`ItemDocument.withoutZones`).
    static func storable(_ text: String) -> String { ItemDocument(text).withoutZones.text }

    /// Removes the item `uid`'s file, unless it changed from outside since kitd last saw it.
    func remove(_ uid: String) {
        let collection = collection
        let ledger = ledger
        let work: @Sendable () -> Outcome = {
            var outcome = Outcome()
            let name = ledger.name(of: uid) ?? VdirCollection.fileName(for: uid)
            do {
                let known = ledger.file(named: name)
                if let current = try collection.read(name: name) {
                    guard known?.hash == VdirCollection.hash(current) else {
                        outcome.heldBack.append(name)
                        return outcome
                    }
                    try collection.remove(name: name)
                    outcome.removed += 1
                }
                if known != nil {
                    ledger.record(name, nil)
                    outcome.ledger.append((name, nil))
                }
            } catch {
                outcome.failures.append("\(uid): \(error)")
            }
            return outcome
        }
        jobsInFlight += 1
        runtime.worker.submit("vdir.remove", work) { [self] outcome in
            jobsInFlight -= 1
            finished(outcome, label: "remove")
            checkSettled()
        }
    }

    /// After the turn's commit: the item `uid` removed when `deleted`, else written as `text`
    /// makes it. For features whose items change one at a time (memos, the diary).
    func change(_ uid: String, deleted: Bool, modified: WallTime?, text: @escaping @Sendable () -> String) {
        runtime.commits.onCommitted { [self] in
            if deleted {
                remove(uid)
            } else {
                keep("write", uids: [uid]) { [Text(uid: uid, text: text(), modified: modified)] }
            }
        }
    }

    /// On the loop, after a job: the ledger and the bases kept in the database, failures logged,
    /// and files that changed from outside read.
    private func finished(_ outcome: Outcome, label: String) {
        record(outcome.ledger, bases: outcome.bases)
        logger.debug(
            "vdir kept",
            metadata: [
                "vdir.path": "\(collection.path)", "vdir.batch": "\(label)", "vdir.written": "\(outcome.written)",
                "vdir.unchanged": "\(outcome.unchanged)", "vdir.held_back": "\(outcome.heldBack.count)",
                "vdir.failures": "\(outcome.failures.count)",
            ])
        for failure in outcome.failures.prefix(10) {
            logger.error(
                "could not write a vdir item", metadata: ["vdir.path": "\(collection.path)", "error": "\(failure)"])
        }
        if !outcome.heldBack.isEmpty {
            for name in outcome.heldBack { pending[name] = false }
            readSoon()
        }
        if outcome.written > 0 || outcome.removed > 0 { runtime.vdirs.onLocalChange?() }
    }

    // MARK: The ledger and the bases in the database

    /// The bases of the file `name`, on the loop.
    func bases(of name: String) -> VdirStore.Bases {
        if let bases = unrecordedBases[name] { return bases }
        do {
            return try runtime.store.vdir.bases(collection: collection.path, name: name)
        } catch {
            logger.error("could not read a vdir file's base", metadata: ["vdir.file": "\(name)", "error": "\(error)"])
            return VdirStore.Bases()
        }
    }

    /// Keeps the ledger's changes and new bases in the database: with the next commit kitd makes
    /// anyway, or after a second on their own. A commit of their own for each write would cost
    /// every client's write a commit more; a record lost in a crash only makes the file read as
    /// changed once, and merging it against the base before finds the version kit has. Kit's
    /// writes are the base at once when kitd runs no sync command.
    func record(
        _ changes: [(name: String, file: VdirStore.File?)], bases: [(name: String, bases: VdirStore.Bases)] = []
    ) {
        guard !changes.isEmpty || !bases.isEmpty else { return }
        if unrecorded.isEmpty && unrecordedBases.isEmpty {
            runtime.commits.beforeNextCommit { [weak self] in self?.recordNow() }
            armRecordTimer()
        }
        unrecorded += changes
        let agreesAtOnce = runtime.settings[SyncSettings.self].command == nil
        for (name, file) in changes where file == nil {
            unrecordedBases[name] = nil
            pendingWrites[name] = nil
        }
        for (name, var kept) in bases {
            if agreesAtOnce, let written = kept.written {
                kept = VdirStore.Bases(base: written, kitBase: kept.writtenKit)
            }
            unrecordedBases[name] = kept
            pendingWrites[name] = kept.written == nil ? nil : ledger.file(named: name)?.writtenAt ?? wallNow
        }
    }

    func recordNow() {
        guard !unrecorded.isEmpty || !unrecordedBases.isEmpty else { return }
        let changes = unrecorded
        // A file gone since its bases were noted has no row to hold them.
        let bases = unrecordedBases.map { (name: $0.key, bases: $0.value) }
        unrecorded.removeAll()
        unrecordedBases.removeAll()
        alarms?.cancel(.record)
        do {
            try runtime.store.vdir.record(collection: collection.path, changes, bases: bases)
        } catch {
            // The files stay as they are; after a restart they read as changed, and are merged.
            logger.warning("could not record vdir files", metadata: ["error": "\(error)"])
        }
    }

    private func armRecordTimer() {
        alarms?.schedule(.record, at: runtime.clock.now().boot + Nanoseconds.second)
    }

    /// A sync run that started at `startedAt` succeeded: kit's writes before it are on the other
    /// side, and become their files' bases.
    func agreeOnWrites(before startedAt: WallTime) {
        let names = pendingWrites.filter { $0.value < startedAt }.map(\.key)
        guard !names.isEmpty else { return }
        recordNow()
        for name in names { pendingWrites[name] = nil }
        do {
            try runtime.store.vdir.agreeOnWritten(collection: collection.path, names: names)
        } catch {
            logger.warning("could not keep vdir files' bases", metadata: ["error": "\(error)"])
        }
    }
}
