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
/// A deletion carries when kitd wrote the version it removed (nil when kitd had read it): for a
/// file without a base, a deletion after such a write meets a change of kit's the server may not
/// have had (`VdirRegistry.unsynced`).
enum VdirArrival {
    /// A file new or changed from outside: its name, its text, and what the reader made of it.
    case changed(name: String, text: String, item: VdirItem)
    /// A file kit knew is gone: the UID it held.
    case removed(name: String, uid: String, kitWroteAt: WallTime?)
}

/// Keeps a vdir collection and kitd's items in step, both ways, deciding from each file's base:
/// the last version kit and the file agreed on (`VdirStore.Bases`).
///
/// **Out** (VdirMirror+Out): kit's changes are put into the files' own text, on the background
/// worker, after the commit, and never over a change from outside that kitd has not read yet.
///
/// **In.** With `watch`, an sd-event inotify source sees each file created (or linked in),
/// closed after writing, moved in or out, or deleted. The names seen within 20 ms of a first
/// event are read in one job on the worker: a
/// file whose hash is the ledger's is kitd's own write (or read) and is skipped; any other is
/// read by the feature's reader there, and what it became goes to the feature on the loop, which
/// reconciles it with kit's item against the base (VdirMirror+Reconcile). At start, and when the
/// kernel's queue overflowed, every file is looked at.
final class VdirMirror {
    /// `tasks`, `diary` or `memos`.
    let name: String
    let collection: VdirCollection
    let ledger: VdirLedger
    let runtime: FeatureRuntime
    private var watchSource: EventSource?
    /// The mirror's alarms, on the boot clock through the scheduler (so a test's clock drives
    /// them): `read` reads what was seen, a moment after the first event, so that the events of
    /// a burst (vdirsyncer writing many files, kitd's own writes under load) make one job on the
    /// worker; `record` writes the ledger's changes when no commit came to take them.
    enum Alarm: Int, Hashable, Comparable, Sendable {
        case read, record
        static func < (lhs: Alarm, rhs: Alarm) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private(set) var alarms: Alarms<Alarm, BootTime>?
    static let readDelay: Nanoseconds = 20_000_000
    /// The most changed files one read hands to the feature, so that taking them in (a first
    /// start over a vdir of thousands) is one short loop turn at a time; the rest are read next.
    static let changesPerRead = 256
    private(set) var makeReader: (() -> @Sendable (String) -> Result<VdirItem, VdirUnreadable>)?
    private var onArrivals: (([VdirArrival]) -> Void)?
    /// Names seen changing and not read yet, each with whether it was only created (linked in,
    /// as atomicwrites does, or opened new and perhaps still being written).
    var pending: [String: Bool] = [:]
    private var needsScan = false
    private var reading = false
    /// Ledger changes not yet in the database, and the timer that writes them if no commit comes.
    var unrecorded: [(name: String, file: VdirStore.File?)] = []
    /// Bases not yet in the database, by file name: read before the database's (`bases(of:)`).
    var unrecordedBases: [String: VdirStore.Bases] = [:]
    /// The files with a write of kit's the other side may not have yet: when kit wrote each.
    var pendingWrites: [String: WallTime] = [:]
    /// Reads files' bases for the jobs on the worker.
    let baseReader: VdirBaseReader
    /// Files that are not an item kit can read, by name: why.
    private(set) var unreadable: [String: String] = [:]
    /// Write and remove jobs submitted and not finished.
    var jobsInFlight = 0
    /// What waits for the collection to settle (`whenSettled`).
    private var settleWaiters: [() -> Void] = []

    var logger: Logger { runtime.logger }

    private init(name: String, collection: VdirCollection, ledger: VdirLedger, runtime: FeatureRuntime) {
        self.name = name
        self.collection = collection
        self.ledger = ledger
        self.runtime = runtime
        baseReader = VdirBaseReader(path: runtime.store.path, collection: collection.path, logger: runtime.logger)
        alarms = runtime.scheduler.alarms(Alarm.self, on: BootTime.self) { [unowned self] due, _ in
            for alarm in due {
                switch alarm {
                case .read: readPending()
                case .record:
                    recordNow()
                    runtime.commits.onFlushed {}
                }
            }
        }
    }

    /// The mirror of the collection `name` (`tasks`, `diary` or `memos`) where `[vdir]` keeps it
    /// (`VdirSettings.path(named:sync:dataDirectory:)` says where), checked now, with the ledger the
    /// database kept for it, registered: nil when kitd keeps none; a path that is missing (unless
    /// it is the default, which is made), not a directory or not writable stops kitd at start.
    static func open(_ name: String, runtime: FeatureRuntime) throws -> VdirMirror? {
        let sync = runtime.settings[SyncSettings.self]
        guard
            let (path, make) = runtime.settings[VdirSettings.self].path(
                named: name, sync: sync, dataDirectory: runtime.dataDirectory)
        else { return nil }
        if make && access(path, F_OK) != 0 { try PrivateDirectory.create(path) }
        let collection = try VdirCollection(path: path)
        let files = try storing { try runtime.store.vdir.files(collection: path) }
        let mirror = VdirMirror(name: name, collection: collection, ledger: VdirLedger(files), runtime: runtime)
        mirror.pendingWrites = try storing { try runtime.store.vdir.pendingWrites(collection: path) }
        if sync.command == nil {
            // No sync command (any more): what kit wrote is what the other side reads.
            mirror.agreeOnWrites(before: WallTime(nanoseconds: .max))
        }
        runtime.vdirs.register(name, mirror)
        return mirror
    }

    /// Whether kitd reads changes made in the collection from outside.
    var isWatched: Bool { watchSource != nil }

    /// Runs `action` once the files hold what kit committed (no write in flight, none about to
    /// be submitted by the turn's commit) and what was seen changing has been read.
    func whenSettled(_ action: @escaping () -> Void) {
        settleWaiters.append(action)
        if !reading && (needsScan || !pending.isEmpty) { readPending() }
        checkSettled()
    }

    /// At the end of the turn (after its commit submitted its writes): runs what waits for the
    /// collection to settle, if it has.
    func checkSettled() {
        guard !settleWaiters.isEmpty else { return }
        runtime.commits.onFlushed { [weak self] in
            guard let self, !settleWaiters.isEmpty, jobsInFlight == 0, !reading, !needsScan, pending.isEmpty
            else { return }
            let waiters = settleWaiters
            settleWaiters.removeAll()
            for waiter in waiters { waiter() }
        }
    }

    func readSoon() {
        guard let alarms, alarms.due(of: .read) == nil, makeReader != nil else { return }
        alarms.schedule(.read, at: runtime.clock.now().boot + Self.readDelay)
    }

    /// The daemon's wall clock now (a test's, in tests).
    var wallNow: WallTime { runtime.clock.now().wall }

    // MARK: In

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
        var changed: [(name: String, text: String, item: VdirItem)] = []
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
        alarms?.cancel(.read)
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
                    let file = VdirStore.File(uid: item.uid, hash: hash)
                    ledger.record(name, file)
                    reading.ledger.append((name, file))
                    reading.changed.append((name, text, item))
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
                VdirArrival.changed(name: $0.name, text: $0.text, item: $0.item)
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
