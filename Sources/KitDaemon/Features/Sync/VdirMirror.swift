import Glibc
import KitCalendar
import KitCore
import KitProtocol
import KitStore
import Logging

/// One item a feature's reader made of a file: its UID, and the feature's own value.
struct VdirItem: Sendable {
    var uid: String
    var value: any Sendable
}

/// Why a file is not an item kit can read.
struct VdirUnreadable: Error, Sendable {
    var reason: String
}

/// What kitd learns from a collection's files, handed to the feature on the loop.
///
/// Each carries when kitd wrote the version the outside change replaced (nil when kitd had read
/// it, or there was none): a write after the last sync that succeeded started may not be on the
/// server, so the outside change meets a change of kit's (`VdirRegistry.unsynced`).
enum VdirArrival {
    /// A file new or changed from outside: its name, its text, and what the reader made of it.
    case changed(name: String, text: String, item: VdirItem, kitWroteAt: WallTime?)
    /// A file kit knew is gone: the UID it held.
    case removed(name: String, uid: String, kitWroteAt: WallTime?)
}

/// Keeps a vdir collection and kitd's items in step, both ways.
///
/// **Out.** Each changed item's file is written whole and each deleted item's file removed, on
/// the background worker, in order, after the commit (so a file never shows a change the
/// database does not have). A file is written only over the version kitd last wrote or read
/// (the `VdirLedger` knows its hash), and only when kitd's version is newer than the file's
/// (`LAST-MODIFIED`, else `DTSTAMP`): a change from outside that kitd has not read yet is never
/// overwritten, and a file another program wrote is not rewritten in kit's words for nothing.
/// At start, `keep` over every item writes each one whose file is missing or older, which also
/// mends a change that a crash between the commit and the write left out.
///
/// **In.** With `watch`, an sd-event inotify source sees each file created (or linked in),
/// closed after writing, moved in or out, or deleted. The names seen within 20 ms of a first
/// event are read in one job on the worker: a
/// file whose hash is the ledger's is kitd's own write (or read) and is skipped; any other is
/// read by the feature's reader there, and what it became goes to the feature on the loop. At
/// start, and when the kernel's queue overflowed, every file is looked at.
final class VdirMirror {
    /// `tasks`, `diary` or `memos`.
    let name: String
    let collection: VdirCollection
    private let ledger: VdirLedger
    private let runtime: FeatureRuntime
    private var watchSource: EventSource?
    /// Reads what was seen, a moment after the first event: the events of a burst (vdirsyncer
    /// writing many files, kitd's own writes under load) make one job on the worker.
    private var readTimer: TimerSource?
    static let readDelayMicroseconds: UInt64 = 20_000
    /// The most changed files one read hands to the feature, so that taking them in (a first
    /// start over a vdir of thousands) is one short loop turn at a time; the rest are read next.
    static let changesPerRead = 256
    private var makeReader: (() -> @Sendable (String) -> Result<VdirItem, VdirUnreadable>)?
    private var onArrivals: (([VdirArrival]) -> Void)?
    /// Names seen changing and not read yet, each with whether it was only created (linked in,
    /// as atomicwrites does, or opened new and perhaps still being written).
    private var pending: [String: Bool] = [:]
    private var needsScan = false
    private var reading = false
    /// Ledger changes not yet in the database, and the timer that writes them if no commit comes.
    private var unrecorded: [(name: String, file: VdirStore.File?)] = []
    private var recordTimer: TimerSource?
    /// Files that are not an item kit can read, by name: why.
    private(set) var unreadable: [String: String] = [:]
    /// Write and remove jobs submitted and not finished.
    private var jobsInFlight = 0
    /// What waits for the collection to settle (`whenSettled`).
    private var settleWaiters: [() -> Void] = []

    private var logger: Logger { runtime.logger }

    private init(name: String, collection: VdirCollection, ledger: VdirLedger, runtime: FeatureRuntime) {
        self.name = name
        self.collection = collection
        self.ledger = ledger
        self.runtime = runtime
    }

    /// The mirror of the collection `name` (`tasks`, `diary` or `memos`) at `setting` (its
    /// `[vdir]` setting; `KitSettings.vdirPath` says where it is), checked now, with the ledger the
    /// database kept for it, registered: nil when kitd keeps none; a path that is missing (unless
    /// it is the default, which is made), not a directory or not writable stops kitd at start.
    static func open(_ setting: String?, name: String, runtime: FeatureRuntime) throws -> VdirMirror? {
        guard
            let (path, make) = runtime.settings.vdirPath(
                setting, named: name, dataDirectory: runtime.dataDirectory)
        else { return nil }
        if make && access(path, F_OK) != 0 { try PrivateDirectory.create(path) }
        let collection = try VdirCollection(path: path)
        let files = try storing { try runtime.store.vdir.files(collection: path) }
        let mirror = VdirMirror(name: name, collection: collection, ledger: VdirLedger(files), runtime: runtime)
        runtime.vdirs.register(name, mirror)
        return mirror
    }

    /// Whether kitd reads changes made in the collection from outside.
    var isWatched: Bool { watchSource != nil }

    // MARK: Out

    /// What a job on the files did.
    private struct Outcome: Sendable {
        var written = 0
        var removed = 0
        var unchanged = 0
        /// The UIDs whose files now hold kit's version (written, or already there or newer).
        var settled: Set<String> = []
        /// Files changed from outside since kitd last saw them, which the job left alone.
        var heldBack: [String] = []
        var ledger: [(name: String, file: VdirStore.File?)] = []
        var failures: [String] = []
    }

    /// One item's file as kit would write it.
    struct Text: Sendable {
        var uid: String
        var text: String
        /// When the item last changed; nil writes over any file kitd last saw.
        var modified: WallTime? = nil
    }

    /// Writes the items `items` makes (on the worker, from values the caller captured), each
    /// unless its file already holds its text, holds a version as new, or changed from outside.
    /// `label` names the batch in the log; `settled` gets, on the loop, the UIDs whose files hold
    /// kit's version now (not those held back or failed).
    func keep(_ label: String, _ items: @escaping @Sendable () -> [Text], settled: ((Set<String>) -> Void)? = nil) {
        let collection = collection
        let ledger = ledger
        let work: @Sendable () -> Outcome = {
            var outcome = Outcome()
            for item in items() {
                do {
                    switch try Self.keep(item, in: collection, ledger: ledger, ledgerChanges: &outcome.ledger) {
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
    private enum Kept {
        case written
        /// Its file already held its text, or a version as new.
        case unchanged
        /// Its file (this name) changed from outside since kitd last saw it, and is left to be read.
        case heldBack(String)
    }

    private static func keep(
        _ item: Text, in collection: VdirCollection, ledger: VdirLedger,
        ledgerChanges: inout [(name: String, file: VdirStore.File?)]
    ) throws(SystemError) -> Kept {
        let name = ledger.name(of: item.uid) ?? VdirCollection.fileName(for: item.uid)
        let bytes = Array(item.text.utf8)
        let current = try collection.read(name: name)
        let known = ledger.file(named: name)
        if current == bytes {
            let hash = VdirCollection.hash(bytes)
            if known?.hash != hash || known?.uid != item.uid {
                // Kit's version, found there (written before a crash lost its record): counted as
                // written now, since whether a sync took it is not known.
                let file = VdirStore.File(uid: item.uid, hash: hash, writtenAt: wallNow())
                ledger.record(name, file)
                ledgerChanges.append((name, file))
            }
            return .unchanged
        }
        if let current {
            guard known?.hash == VdirCollection.hash(current) else { return .heldBack(name) }
            if let modified = item.modified, let fileModified = VdirCollection.lastModified(current),
                fileModified >= modified
            {
                return .unchanged
            }
        } else if known != nil {
            // Deleted from outside, and not read yet.
            return .heldBack(name)
        }
        try collection.write(bytes, name: name)
        let file = VdirStore.File(uid: item.uid, hash: VdirCollection.hash(bytes), writtenAt: wallNow())
        ledger.record(name, file)
        ledgerChanges.append((name, file))
        return .written
    }

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
                keep("write") { [Text(uid: uid, text: text(), modified: modified)] }
            }
        }
    }

    /// On the loop, after a job: the ledger kept in the database, failures logged, and files that
    /// changed from outside read.
    private func finished(_ outcome: Outcome, label: String) {
        record(outcome.ledger)
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

    /// Runs `action` once the files hold what kit committed (no write in flight, none about to
    /// be submitted by the turn's commit) and what was seen changing has been read.
    func whenSettled(_ action: @escaping () -> Void) {
        settleWaiters.append(action)
        if !reading && (needsScan || !pending.isEmpty) { readPending() }
        checkSettled()
    }

    /// At the end of the turn (after its commit submitted its writes): runs what waits for the
    /// collection to settle, if it has.
    private func checkSettled() {
        guard !settleWaiters.isEmpty else { return }
        runtime.commits.onFlushed { [weak self] in
            guard let self, !settleWaiters.isEmpty, jobsInFlight == 0, !reading, !needsScan, pending.isEmpty
            else { return }
            let waiters = settleWaiters
            settleWaiters.removeAll()
            for waiter in waiters { waiter() }
        }
    }

    /// Keeps the ledger's changes in the database: with the next commit kitd makes anyway, or
    /// after a second on their own. A commit of their own for each write would cost every
    /// client's write a commit more; a record lost in a crash only makes the file read as
    /// changed once, and reading it finds the version kit has.
    private func record(_ changes: [(name: String, file: VdirStore.File?)]) {
        guard !changes.isEmpty else { return }
        if unrecorded.isEmpty {
            runtime.commits.beforeNextCommit { [weak self] in self?.recordNow() }
            armRecordTimer()
        }
        unrecorded += changes
    }

    private func recordNow() {
        guard !unrecorded.isEmpty else { return }
        let changes = unrecorded
        unrecorded.removeAll()
        recordTimer?.disarm()
        do {
            try runtime.store.vdir.record(collection: collection.path, changes)
        } catch {
            // The files stay as they are; after a restart they read as changed, and are read again.
            logger.warning("could not record vdir files", metadata: ["error": "\(error)"])
        }
    }

    private func readSoon() {
        guard let readTimer, !readTimer.isArmed else { return }
        readTimer.arm(atMicroseconds: Self.bootMicroseconds() + Self.readDelayMicroseconds)
    }

    private static func wallNow() -> WallTime {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return WallTime(nanoseconds: Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))
    }

    private static func bootMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec / 1000)
    }

    private func armRecordTimer() {
        if recordTimer == nil {
            recordTimer = try? runtime.loop.timer(clock: .boot, description: "vdir-record") { [unowned self] _ in
                recordTimer?.markFired()
                recordNow()
                runtime.commits.onFlushed {}
            }
        }
        recordTimer?.arm(atMicroseconds: Self.bootMicroseconds() + 1_000_000)
    }

    // MARK: In

    /// Keeps the version that lost a conflict (iCalendar text; empty for a deletion) and says so
    /// (`sync.conflict`, after the commit).
    func keepConflict(uid: String, title: String, winner: String, losing: String, now: WallTime) {
        do {
            let kept = try storing {
                try runtime.store.vdir.keep(
                    VdirStore.Conflict(
                        collection: collection.path, uid: uid, title: title, winner: winner, kept: losing, at: now))
            }
            let payload = SyncConflictEvent(
                id: kept.id, collection: name, uid: uid, title: title, winner: winner, at: Timestamp.rfc3339(now))
            let events = runtime.events
            runtime.commits.onCommitted { events.emit(Event.syncConflict, payload) }
            logger.notice(
                "an item changed in kit and in its vdir file; the later version won",
                metadata: [
                    "vdir.collection": "\(name)", "vdir.uid": "\(uid)", "sync.winner": "\(winner)",
                    "sync.conflict": "\(kept.id)",
                ])
        } catch {
            logger.error(
                "could not keep a conflict's losing version", metadata: ["vdir.uid": "\(uid)", "error": "\(error)"])
        }
    }

    /// An item's file deleted from outside, when kit's version (written at `kitWroteAt`) had not
    /// reached the other side: kit's stays, is written anew (`text`), and the deletion is kept
    /// as the losing side; true. False when the deletion stands, and the caller deletes the item.
    func keepsDeleted(_ uid: String, title: String, text: String, kitWroteAt: WallTime?, now: WallTime) -> Bool {
        guard runtime.vdirs.unsynced(kitWroteAt) else { return false }
        remove(uid)
        keep("write") { [Text(uid: uid, text: text)] }
        keepConflict(uid: uid, title: title, winner: "kit", losing: "", now: now)
        return true
    }

    /// Reads a memo's or diary entry's file (one VJOURNAL) into its `CalendarJournal`, on the
    /// worker. A diary collection's (`dated`) must have a `DTSTART`, a memo's must not.
    static func journalReader(dated: Bool) -> @Sendable (String) -> Result<VdirItem, VdirUnreadable> {
        { text in
            let journal: CalendarJournal
            do throws(ICalendarError) {
                journal = try ICalendarJournal.read(text)
            } catch {
                return .failure(VdirUnreadable(reason: error.description))
            }
            if dated && journal.day == nil {
                return .failure(VdirUnreadable(reason: "its VJOURNAL has no DTSTART; a diary entry has a day"))
            }
            if !dated && journal.day != nil {
                return .failure(
                    VdirUnreadable(reason: "its VJOURNAL has a DTSTART: a diary entry, not a memo (a memo has no day)"))
            }
            if journal.text.trimmingWhitespace().isEmpty {
                return .failure(VdirUnreadable(reason: "its VJOURNAL has no SUMMARY or DESCRIPTION: it is empty"))
            }
            return .success(VdirItem(uid: journal.uid, value: journal))
        }
    }

    /// Reports a file the feature could not take (its reader read it, but kit cannot keep what
    /// it holds), leaving it as it is.
    func refuse(_ name: String, _ reason: String) {
        unreadable[name] = reason
        logger.warning(
            "a vdir file is not an item kit can keep; left as it is",
            metadata: ["vdir.path": "\(collection.path)", "vdir.file": "\(name)", "error": "\(reason)"])
    }

    /// Starts watching the collection: `reader` makes, on the loop, what reads one file's text
    /// into an item on the worker, and `onArrivals` gets what changed (on the loop). Every file
    /// is looked at first.
    func watch(
        reader: @escaping () -> @Sendable (String) -> Result<VdirItem, VdirUnreadable>,
        onArrivals: @escaping ([VdirArrival]) -> Void
    ) throws {
        makeReader = reader
        self.onArrivals = onArrivals
        let loop = runtime.loop
        readTimer = try loop.timer(clock: .boot, description: "vdir-read") { [unowned self] _ in
            readTimer?.markFired()
            readPending()
        }
        watchSource = try loop.watch(
            directory: collection.path,
            events: [.created, .closedAfterWriting, .movedIn, .movedOut, .deleted, .directoryDeleted, .directoryMoved]
        ) { [unowned self] name, events in
            seen(name, events)
        }
        needsScan = true
        readSoon()
    }

    private func seen(_ name: String, _ events: DirectoryEvents) {
        if events.contains(.overflowed) {
            needsScan = true
        } else if !events.isDisjoint(with: [.directoryDeleted, .directoryMoved, .watchRemoved]) {
            logger.error(
                "the vdir was removed or moved; kitd no longer sees changes in it until it restarts",
                metadata: ["vdir.path": "\(collection.path)"])
            watchSource = nil
            return
        } else if VdirCollection.isItem(name) {
            pending[name] = (pending[name] ?? true) && events == .created
        } else {
            return
        }
        readSoon()
    }

    /// What a read found.
    private struct Reading: Sendable {
        var changed: [(name: String, text: String, item: VdirItem, kitWroteAt: WallTime?)] = []
        var removed: [(name: String, uid: String, kitWroteAt: WallTime?)] = []
        var unreadable: [(name: String, reason: String)] = []
        /// Names read (unreadable ones included), whose old complaints no longer hold.
        var looked: [String] = []
        /// Names left for the next read, past `changesPerRead`.
        var rest: [String] = []
        var ledger: [(name: String, file: VdirStore.File?)] = []
        var failure: String?
    }

    /// Reads the names seen (or every file), one job at a time.
    private func readPending() {
        readTimer?.disarm()
        guard !reading, let makeReader, needsScan || !pending.isEmpty else { return }
        let reader = makeReader()
        let names = needsScan ? nil : pending
        needsScan = false
        pending.removeAll()
        reading = true
        let collection = collection
        let ledger = ledger
        let work: @Sendable () -> Reading = { Self.read(names, in: collection, ledger: ledger, reader: reader) }
        runtime.worker.submit("vdir.read", work) { [self] reading in
            self.reading = false
            arrived(reading)
            if needsScan || !pending.isEmpty {
                if settleWaiters.isEmpty { readSoon() } else { readPending() }
            }
            checkSettled()
        }
    }

    /// Reads `names` (each with whether it was only created), or every file when nil. A file
    /// only created that does not read is left for the close that comes when it is written.
    private static func read(
        _ names: [String: Bool]?, in collection: VdirCollection, ledger: VdirLedger,
        reader: @Sendable (String) -> Result<VdirItem, VdirUnreadable>
    ) -> Reading {
        var reading = Reading()
        var gone: [String] = []
        do {
            let all = try names.map { Set($0.keys) } ?? Set(collection.names()).union(ledger.names)
            for name in all.sorted() where VdirCollection.isItem(name) {
                if reading.changed.count >= changesPerRead {
                    reading.rest.append(name)
                    continue
                }
                let onlyCreated = names?[name] ?? false
                guard let bytes = try collection.read(name: name) else {
                    if ledger.file(named: name) != nil { gone.append(name) }
                    continue
                }
                let hash = VdirCollection.hash(bytes)
                guard ledger.file(named: name)?.hash != hash else { continue }
                reading.looked.append(name)
                let unreadable = { (reason: String) in
                    // Recorded, so it is not read again until it changes.
                    let file = VdirStore.File(uid: "", hash: hash)
                    ledger.record(name, file)
                    reading.ledger.append((name, file))
                    reading.unreadable.append((name, reason))
                }
                guard bytes.count <= VdirCollection.maximumItemBytes else {
                    unreadable("it is over \(VdirCollection.maximumItemBytes >> 20) MiB; one item is kilobytes")
                    continue
                }
                let text = String(decoding: bytes, as: UTF8.self)
                switch reader(text) {
                case .failure where onlyCreated:
                    continue
                case .failure(let refusal):
                    unreadable(refusal.reason)
                case .success(let item):
                    if let other = ledger.name(of: item.uid), other != name, try collection.read(name: other) != nil {
                        unreadable("its UID \(item.uid) is also the UID of \(other); kit reads one file per UID")
                        continue
                    }
                    let kitWroteAt = ledger.file(named: name)?.writtenAt
                    let file = VdirStore.File(uid: item.uid, hash: hash)
                    ledger.record(name, file)
                    reading.ledger.append((name, file))
                    reading.changed.append((name, text, item, kitWroteAt))
                }
            }
        } catch {
            reading.failure = "\(error)"
        }
        // A name gone whose UID another file now holds was renamed: only the ledger forgets it.
        // While files are left for the next read, a gone name waits too: its UID's new file may
        // be among them.
        if !reading.rest.isEmpty {
            reading.rest += gone
            gone = []
        }
        for name in gone {
            guard let known = ledger.file(named: name) else { continue }
            if known.uid.isEmpty || ledger.name(of: known.uid) != name {
                ledger.record(name, nil)
                reading.ledger.append((name, nil))
                reading.looked.append(name)
            } else {
                reading.removed.append((name, known.uid, known.writtenAt))
            }
        }
        return reading
    }

    private func arrived(_ reading: Reading) {
        record(reading.ledger)
        for name in reading.rest where pending[name] == nil { pending[name] = false }
        if let failure = reading.failure {
            logger.error(
                "could not read the vdir", metadata: ["vdir.path": "\(collection.path)", "error": "\(failure)"])
        }
        for name in reading.looked { unreadable[name] = nil }
        for (name, reason) in reading.unreadable {
            unreadable[name] = reason
            logger.warning(
                "a vdir file is not an item kit can read; left as it is",
                metadata: ["vdir.path": "\(collection.path)", "vdir.file": "\(name)", "error": "\(reason)"])
        }
        let arrivals =
            reading.changed.map {
                VdirArrival.changed(name: $0.name, text: $0.text, item: $0.item, kitWroteAt: $0.kitWroteAt)
            } + reading.removed.map { VdirArrival.removed(name: $0.name, uid: $0.uid, kitWroteAt: $0.kitWroteAt) }
        guard !arrivals.isEmpty else { return }
        logger.info(
            "vdir changed from outside",
            metadata: [
                "vdir.path": "\(collection.path)", "vdir.changed": "\(reading.changed.count)",
                "vdir.removed": "\(reading.removed.count)",
            ])
        onArrivals?(arrivals)
    }
}
