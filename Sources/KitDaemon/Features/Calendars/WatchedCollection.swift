import Glibc
import KitCalendar
import KitCore
import Logging

/// One calendar folder kitd watches for alarms (a khal, todoman or vdirsyncer collection): its
/// files as last read, followed with inotify. kitd only reads it.
///
/// Files are read on the worker, a moment after the first event of a burst (vdirsyncer writes
/// many files, each through a temporary file and a rename), and only those whose bytes changed;
/// what they hold goes to the feature on the loop. At start, and when the kernel's queue
/// overflowed, every file is looked at.
final class WatchedCollection {
    /// The folder.
    let path: String
    /// Its name in the agenda and on popups: vdirsyncer's `displayname` file, else the folder's.
    let name: String
    /// The items of each file read that can still ring, by a hash of the file's name
    /// (`nameKey`): a name is kept by no one, as the worker hands every one over again.
    private(set) var files: [Int: File] = [:]
    /// The files read that hold nothing that can ring (a calendar's history), by a hash of their
    /// name: most of a big calendar's files, kept as one word each. They are read again when
    /// inotify names them, or at a full look.
    private var quiet = SortedKeys()
    /// The files none of whose alarms the feature's plan needs yet (`Keeping`): a calendar's far
    /// future, and the series whose next alarm is beyond the plan. By `nameKey`: the first
    /// instant each matters again (an alarm, or a start), and its count. They are read again
    /// when the plan comes near (`promote`), or for an agenda that reaches them.
    private(set) var later = SortedTable<Later>()
    /// What the feature's plan needs kept whole, asked at each read: all of it, until told.
    var keeping: (() -> Keeping)?
    /// The `later` files to read again at the next look (`promote`).
    private var promoting: Set<Int> = []
    /// How many items the quiet files hold: each one, but those in `quietCounts`.
    private var quietCounts: [Int: Int] = [:]
    private var quietItems = 0
    /// Why a file gives nothing, by file name; and why the folder cannot be watched, if it cannot.
    private(set) var unreadable: [String: String] = [:]
    private(set) var problem: String?
    private var source: EventSource?
    private var pending: Set<String> = []
    private var needsScan = false
    private var reading = false
    private let runtime: FeatureRuntime
    /// Where the feature hears of files that changed, by `nameKey` (their new items; none when gone).
    var onChange: (([(file: Int, items: [WatchedItem])]) -> Void)?
    /// Asks the feature for a read a moment from now (its own alarm), so that a burst is one read.
    var readSoon: (() -> Void)?
    /// Told once, when every file has been read the first time.
    var onFirstRead: (() -> Void)?
    private(set) var hasRead = false
    /// No longer watched (`[calendars] watch` changed at a reload): it holds and reads nothing.
    private(set) var retired = false
    /// Whether nothing is being read, or waits to be.
    var isSettled: Bool { !reading && batchNext >= batch.count && pending.isEmpty && promoting.isEmpty && !needsScan }

    struct File {
        /// A hash of its bytes, to tell a changed file (kept for this process only).
        var hash: Int
        /// The items that can still ring; the others (a calendar's history) are not kept.
        var items: [WatchedItem]
        /// How many items the file holds.
        var count: Int
    }

    /// The biggest file kitd reads; a bigger one is reported and left out.
    static let maximumFileBytes = VdirCollection.maximumItemBytes

    init(path: String, runtime: FeatureRuntime) {
        self.path = path
        self.runtime = runtime
        name = Self.displayName(path) ?? String(path.split(separator: "/").last ?? Substring(path))
    }

    var itemCount: Int {
        files.values.reduce(0) { $0 + $1.count } + later.reduce(0) { $0 + $1.value.count } + quietItems
    }

    /// What names a file in `files`, in this process: a hash of its name (two names of one
    /// folder with the same hash of 64 bits would be one file).
    static func nameKey(_ name: String) -> Int {
        var hasher = Hasher()
        hasher.combine(name)
        return hasher.finalize()
    }

    /// Takes the file `key` out of the quiet ones, if it was one.
    private func unquiet(_ key: Int) {
        guard quiet.remove(key) else { return }
        quietItems -= quietCounts.removeValue(forKey: key) ?? 1
    }

    private func makeQuiet(_ key: Int, count: Int) {
        guard quiet.insert(key) else { return }
        quietItems += count
        if count != 1 { quietCounts[key] = count }
    }

    /// Starts watching: checks the folder, adds the inotify watch, and reads every file soon.
    /// A folder that is missing, not a directory or not readable is reported, not thrown.
    func start() {
        var info = stat()
        if stat(path, &info) != 0 {
            problem = "it does not exist"
        } else if (info.st_mode & S_IFMT) != S_IFDIR {
            problem = "it is not a directory"
        } else if access(path, R_OK | X_OK) != 0 {
            problem = "kitd cannot read it"
        }
        if let problem {
            runtime.logger.error(
                "a watched calendar cannot be read; its alarms will not ring",
                metadata: ["calendar.path": "\(path)", "error": "\(problem)"])
            return
        }
        do {
            source = try runtime.loop.watch(
                directory: path,
                events: [
                    .created, .closedAfterWriting, .movedIn, .movedOut, .deleted, .directoryDeleted, .directoryMoved,
                ]
            ) { [unowned self] name, events in
                seen(name, events)
            }
        } catch {
            problem = "kitd cannot watch it: \(error)"
            runtime.logger.error(
                "a watched calendar cannot be followed; it is read once", metadata: ["calendar.path": "\(path)"])
        }
        needsScan = true
        readSoon?()
    }

    private func seen(_ name: String, _ events: DirectoryEvents) {
        if events.contains(.overflowed) {
            needsScan = true
        } else if !events.isDisjoint(with: [.directoryDeleted, .directoryMoved, .watchRemoved]) {
            problem = "it was removed or moved"
            runtime.logger.error(
                "a watched calendar was removed or moved; its alarms no longer ring",
                metadata: ["calendar.path": "\(path)"])
            source = nil
            let gone = files.keys.map { (file: $0, items: [WatchedItem]()) }
            files.removeAll()
            later.removeAll()
            if !gone.isEmpty { onChange?(gone) }
            return
        } else if VdirCollection.isItem(name) {
            pending.insert(name)
        } else {
            return
        }
        readSoon?()
    }

    /// What one page of reading found.
    private struct Reading: Sendable {
        var changed: [(name: String, hash: Int, items: [WatchedItem], count: Int)] = []
        /// Files of far one-offs, kept as their first instant (`later`).
        var later: [(name: String, later: Later)] = []
        var unreadable: [(name: String, hash: Int, reason: String)] = []
        var removed: [String] = []
        /// Files kitd held that a full look no longer found, by `nameKey`.
        var removedKeys: [Int] = []
        /// Where in the batch the page stopped: the next page starts there.
        var next = 0
        var failure: String?
    }

    /// The most changed files one page hands to the loop, so that planning them is one short
    /// turn at a time (a first start over 50,000 files), and the most names it looks at.
    static let changesPerRead = 256
    static let namesPerRead = 1024

    /// The names being read, a page a job (every file's at a full look, sorted, else those
    /// inotify gave), and where the next page starts. The worker's pages share this one array.
    private var batch: [String] = []
    private var batchNext = 0

    /// Reads again, soon, the `later` files that matter by `through` (all of them with nil: the
    /// zone or `default_alarm` changed, and with them their instants).
    func promote(through: WallTime?) {
        let due = later.keys { far in through.map { far.at <= $0 } ?? true }
        guard !due.isEmpty else { return }
        promoting.formUnion(due)
        readSoon?()
    }

    /// Stops watching, and lets go of what was read: its alarms no longer ring.
    func retire() {
        retired = true
        source = nil
        pending.removeAll()
        needsScan = false
        batch = []
        batchNext = 0
        unreadable.removeAll()
        unreadableHashes.removeAll()
        let gone = files.keys.map { (file: $0, items: [WatchedItem]()) }
        files.removeAll()
        later.removeAll()
        promoting.removeAll()
        quiet.removeAll()
        quietCounts.removeAll()
        quietItems = 0
        if !gone.isEmpty { onChange?(gone) }
    }

    /// Reads the next page of what was seen changing (or of every file) on the worker: a full
    /// look first lists the folder, then goes through its names a page a job.
    func read() {
        guard !retired, !reading else { return }
        if batchNext >= batch.count {
            batch = []
            batchNext = 0
            if needsScan {
                needsScan = false
                promoting.removeAll()
                list()
                return
            }
            if !promoting.isEmpty {
                let keys = promoting
                promoting.removeAll()
                list(only: keys)
                return
            }
            guard !pending.isEmpty else {
                // An empty folder is read too.
                firstReadDone()
                return
            }
            batch = pending.sorted()
            pending.removeAll()
        }
        reading = true
        let names = batch[batchNext..<min(batch.count, batchNext + Self.namesPerRead)]
        // The hashes of this page's files kitd holds, so that an unchanged one is not parsed.
        var known: [String: Int] = [:]
        for name in names {
            if let hash = files[Self.nameKey(name)]?.hash ?? unreadableHashes[name] { known[name] = hash }
        }
        let path = path
        let zones = runtime.zones.snapshot()
        let now = runtime.clock.now().wall
        let keep = keeping?() ?? .everything
        runtime.worker.submit("calendar.read") { [known] in
            Self.read(names, path: path, known: known, zones: zones, now: now, keep: keep)
        } then: { [self] reading in
            self.reading = false
            guard !retired else { return }
            batchNext = reading.next
            arrived(reading)
            let more = batchNext < batch.count
            if !more {
                // A full look's names (50,000 of them, say) are not kept past it, nor the room
                // the quiet and set-aside files' tables took to grow.
                batch = []
                batchNext = 0
                compact()
            }
            if !more && !needsScan { firstReadDone() }
            // The rest of a batch goes on at once, a page a job; new events wait a moment.
            if more {
                read()
            } else if needsScan || !pending.isEmpty || !promoting.isEmpty {
                readSoon?()
            }
        }
    }

    /// A full look: the folder's names, listed on the worker. Files kitd held that are no longer
    /// there went; the names are then read a page a job. With `only`, the look reads just the
    /// files of those `nameKey`s (`later` ones the plan came near), and nothing is taken as gone.
    private func list(only: Set<Int>? = nil) {
        reading = true
        let path = path
        runtime.worker.submit("calendar.list") { () -> Result<[String], SystemError> in
            Result { () throws(SystemError) in
                let names = try VdirCollection(reading: path).names()
                guard let only else { return names }
                return names.filter { only.contains(Self.nameKey($0)) }
            }
        } then: { [self] listed in
            reading = false
            guard !retired else { return }
            switch listed {
            case .success(let names) where only != nil:
                batch = names
                batchNext = 0
            case .success(let names):
                let there = Set(names)
                var gone = Reading()
                gone.removed = unreadableHashes.keys.filter { !there.contains($0) }
                let keys = Set(names.map(Self.nameKey))
                gone.removedKeys = (Array(files.keys) + later.keys { _ in true }).filter { !keys.contains($0) }
                for key in quiet.removeAll(keeping: keys.contains) {
                    quietItems -= quietCounts.removeValue(forKey: key) ?? 1
                }
                arrived(gone)
                batch = names
                batchNext = 0
            case .failure(let error):
                runtime.logger.error(
                    "could not read a watched calendar", metadata: ["calendar.path": "\(path)", "error": "\(error)"])
                firstReadDone()
            }
            read()
        }
    }

    /// Every file has been read once: said once.
    private func firstReadDone() {
        guard !hasRead else { return }
        hasRead = true
        onFirstRead?()
    }

    /// The hashes of the files that gave nothing, so that they are not read again until they change.
    private var unreadableHashes: [String: Int] = [:]

    /// Lets go of the room the quiet and set-aside files' tables kept for growing.
    func compact() {
        quiet.compact()
        later.compact()
    }

    /// Sets aside a kept file whose items the plan no longer needs whole (their alarms rang, and
    /// the next are beyond `keep.through`), as a read would: true if it did.
    func setAside(_ key: Int, keep: Keeping, zones: ZoneSnapshot) -> Bool {
        guard let file = files[key], let far = keep.later(file.items, zones: zones, count: file.count) else {
            return false
        }
        files[key] = nil
        later[key] = far
        return true
    }

    private static func read(
        _ names: ArraySlice<String>, path: String, known: [String: Int], zones: ZoneSnapshot, now: WallTime,
        keep: Keeping
    ) -> Reading {
        var reading = Reading()
        reading.next = names.endIndex
        let collection = VdirCollection(reading: path)
        do {
            for index in names.indices where VdirCollection.isItem(names[index]) {
                let name = names[index]
                if reading.changed.count >= changesPerRead {
                    reading.next = index
                    break
                }
                guard let bytes = try collection.read(name: name) else {
                    reading.removed.append(name)
                    continue
                }
                var hasher = Hasher()
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                let hash = hasher.finalize()
                guard known[name] != hash else { continue }
                guard bytes.count <= maximumFileBytes else {
                    reading.unreadable.append((name, hash, "it is over \(maximumFileBytes >> 20) MiB"))
                    continue
                }
                switch WatchedCalendarReader.items(String(decoding: bytes, as: UTF8.self), zones: zones, now: now) {
                case .success(let items):
                    // What can no longer ring, even as caught up, is left out.
                    let kept = items.filter { item in
                        let zone = item.task.zone.flatMap { zones.zone(named: $0) } ?? zones.system
                        return item.mayRing(after: now + Nanoseconds(-CalendarFeature.catchUpWindow.value), in: zone)
                    }.map(\.compacted)
                    if let far = keep.later(kept, zones: zones, count: items.count) {
                        reading.later.append((name, far))
                    } else {
                        reading.changed.append((name, hash, kept, items.count))
                    }
                case .failure(let unreadable): reading.unreadable.append((name, hash, unreadable.reason.english))
                }
            }
        } catch {
            reading.failure = "\(error)"
        }
        // libical's buffers would stay among the holes of what the page's parsing freed.
        ICalendarReader.releaseThreadBuffers()
        return reading
    }

    private func arrived(_ reading: Reading) {
        if let failure = reading.failure {
            runtime.logger.error(
                "could not read a watched calendar", metadata: ["calendar.path": "\(path)", "error": "\(failure)"])
        }
        var changes: [(file: Int, items: [WatchedItem])] = []
        for (name, far) in reading.later {
            let key = Self.nameKey(name)
            unquiet(key)
            if files.removeValue(forKey: key) != nil { changes.append((key, [])) }
            later[key] = far
            unreadable[name] = nil
            unreadableHashes[name] = nil
        }
        for (name, hash, items, count) in reading.changed {
            let key = Self.nameKey(name)
            unquiet(key)
            let wasLater = later.removeValue(forKey: key) != nil
            if items.isEmpty {
                // Nothing of it can ring: only its count is kept (a snooze of it ends).
                if files.removeValue(forKey: key) != nil || wasLater { changes.append((key, [])) }
                makeQuiet(key, count: count)
            } else {
                // The items as the loop's own (see `shared`).
                let kept = items.map(shared)
                files[key] = File(hash: hash, items: kept, count: count)
                changes.append((key, kept))
            }
            unreadable[name] = nil
            unreadableHashes[name] = nil
        }
        // A file that stops reading keeps ringing as it last read, until it is fixed or removed.
        for (name, hash, reason) in reading.unreadable {
            unreadable[name] = reason
            unreadableHashes[name] = hash
            runtime.logger.warning(
                "a watched calendar's file cannot be read; it rings as it last read, if it ever did",
                metadata: ["calendar.path": "\(path)", "calendar.file": "\(name)", "error": "\(reason)"])
        }
        for name in reading.removed {
            unreadable[name] = nil
            unreadableHashes[name] = nil
            let key = Self.nameKey(name)
            unquiet(key)
            let wasLater = later.removeValue(forKey: key) != nil
            if files.removeValue(forKey: key) != nil || wasLater { changes.append((key, [])) }
        }
        for key in reading.removedKeys
        where files.removeValue(forKey: key) != nil || later.removeValue(forKey: key) != nil {
            changes.append((key, []))
        }
        if !changes.isEmpty { onChange?(changes) }
    }

    /// The alarm lists, zone names and rules the kept items share (most of a calendar's events
    /// have the same alarm and zone, and its series a few rules): each is kept once.
    private var sharedAlarms: [[CalendarAlarm]: [CalendarAlarm]] = [:]
    private var sharedZones: [String: String] = [:]
    private var sharedRules: [Recurrence: WatchedItem.Rule] = [:]
    /// The most distinct alarm lists or zones shared; past it, each item keeps its own.
    static let sharedLimit = 256

    /// `item` made on the loop's heap, sharing its alarm list and zone name with the items
    /// before it: what a big calendar's kept items cost is mostly these. Its texts are copied
    /// too, so that nothing it holds stays among what the worker's parsing freed (the worker's
    /// heap, full of holes, could not give those pages back).
    private func shared(_ item: WatchedItem) -> WatchedItem {
        var item = item
        var task = item.task
        task.uid = Self.fresh(task.uid)
        task.title = Self.fresh(task.title)
        task.note = task.note.map(Self.fresh)
        task.location = task.location.map(Self.fresh)
        if let same = sharedAlarms[item.alarms] {
            item.alarms = same
        } else if sharedAlarms.count < Self.sharedLimit {
            sharedAlarms[item.alarms] = item.alarms
        }
        if let zone = task.zone {
            if let same = sharedZones[zone] {
                task.zone = same
            } else if sharedZones.count < Self.sharedLimit {
                sharedZones[zone] = zone
            }
        }
        item.task = task
        return item.sharingRule(&sharedRules, limit: Self.sharedLimit)
    }

    /// A copy of `text` in storage of its own (a short one is held inline, and is left as it is).
    static func fresh(_ text: String) -> String {
        let count = text.utf8.count
        guard count > 15 else { return text }
        return String(unsafeUninitializedCapacity: count) { buffer in
            _ = buffer.initialize(fromContentsOf: text.utf8)
            return count
        }
    }

    /// vdirsyncer's `displayname` metadata file, when the collection has one.
    private static func displayName(_ path: String) -> String? {
        guard let file = fopen(path + "/displayname", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingWhitespace()
        return text.isEmpty ? nil : text
    }
}
