import Foundation
import KitCore
import KitLocalization
import KitProtocol
import KitStore
import Logging

/// The stopwatches feature: state in memory, rows in the database, and the "still running"
/// notices as alarms. A running stopwatch needs no tick: elapsed time is computed from its
/// start instant whenever it is asked for, and only the next notice is scheduled.
final class StopwatchFeature: Feature {
    private var stopwatches: [Int64: Stopwatch] = [:] {
        didSet { runningCount = nil }
    }
    /// How many run, counted once per change of the stopwatches.
    private var runningCount: Int?
    private var notices: Alarms<StopwatchNoticeAlarm, BootTime>!
    let runtime: FeatureRuntime
    let eventNames = [
        Event.stopwatchStarted, Event.stopwatchStopped, Event.stopwatchLap, Event.stopwatchReminded,
        Event.stopwatchChanged,
    ]
    private let store: StopwatchStore

    init(_ runtime: FeatureRuntime) {
        self.runtime = runtime
        store = runtime.store.stopwatches
        notices = runtime.scheduler.alarms(StopwatchNoticeAlarm.self, on: BootTime.self) { [unowned self] keys, now in
            for key in keys { noticeDue(key.id, now: now) }
        }
        runtime.popupActions.register(StopwatchPopup.self) { [unowned self] subject, key in pressed(key, on: subject) }
        runtime.popupActions.registerAgain { [unowned self] text, now in popupAgain(text, now: now) }
    }

    func load(_ reason: LoadReason) throws {
        let now = clock.now()
        stopwatches = Dictionary(
            uniqueKeysWithValues: try store.stopwatches(now: now, bootID: clock.bootID).map { ($0.id, $0) })
        for stopwatch in stopwatches.values { scheduleReminder(stopwatch, now: now) }
    }

    func info(_ stopwatch: Stopwatch, now: ClockReading? = nil) -> StopwatchInfo {
        let now = now ?? clock.now()
        var startedAt: String?
        var state = StopwatchInfo.State.stopped
        if case .running(let since) = stopwatch.state {
            startedAt = Timestamp.rfc3339(since.wall)
            state = .running
        }
        return StopwatchInfo(
            id: stopwatch.id, name: stopwatch.name, state: state,
            elapsedNs: stopwatch.elapsed(at: now.boot), startedAt: startedAt,
            createdAt: Timestamp.rfc3339(stopwatch.createdAt), laps: stopwatch.lapCount,
            remindAfterNs: threshold(stopwatch), everStarted: stopwatch.everStarted)
    }

    /// The "still running" threshold in effect: the stopwatch's own, else the configured one.
    func threshold(_ stopwatch: Stopwatch) -> Nanoseconds {
        stopwatch.remindAfter ?? settings[StopwatchSettings.self].remindAfter
    }

    // MARK: Reading

    /// `today`'s stopwatches: the running ones.
    func today(into result: inout TodayResult, now: ClockReading) throws {
        result.stopwatches = list().filter { $0.state == .running }
    }

    /// Running ones first (longest running first), then stopped ones by name, in the user's
    /// language's order.
    func list() -> [StopwatchInfo] {
        let now = clock.now()
        let names = runtime.names
        return stopwatches.values.map { (names.key($0.name.lowercased()), $0) }.sorted { left, right in
            let (lhsName, lhs) = left
            let (rhsName, rhs) = right
            switch (lhs.state, rhs.state) {
            case (.running(let a), .running(let b)): return a.boot != b.boot ? a.boot < b.boot : lhs.id < rhs.id
            case (.running, .stopped): return true
            case (.stopped, .running): return false
            case (.stopped, .stopped):
                return lhsName != rhsName ? lhsName.lexicographicallyPrecedes(rhsName) : lhs.id < rhs.id
            }
        }.map { info($0.1, now: now) }
    }

    func get(_ ref: RecordRef) throws -> StopwatchInfo { info(try resolve(ref)) }

    func laps(_ ref: RecordRef) throws -> StopwatchLapsResult {
        let stopwatch = try resolve(ref)
        return StopwatchLapsResult(
            stopwatch: info(stopwatch), laps: try store.laps(stopwatchID: stopwatch.id).map(LapInfo.init))
    }

    // MARK: Changing

    func create(_ params: StopwatchCreateParams) throws -> StopwatchInfo {
        let name = try NameRules.validated(params.name, noun: "stopwatch name")
        guard try !store.stopwatchNameTaken(name) else {
            throw KitError.invalidArgument("a stopwatch named '\(name)' exists already; names are unique")
        }
        let remind = params.remindAfterNs  // bounded at the edge (StopwatchCreateParams.bounds)
        let now = clock.now()
        let stopwatch: Stopwatch = try storing {
            try store.insertStopwatch(bootID: clock.bootID) { id throws(KitError) in
                try Stopwatch.created(id: id, name: name, now: now, start: params.start ?? false, remindAfter: remind)
            }
        }
        apply(stopwatch, now: now, event: Event.stopwatchChanged, change: .created)
        if stopwatch.isRunning { apply(stopwatch, now: now, event: Event.stopwatchStarted) }
        return info(stopwatch, now: now)
    }

    func start(_ ref: RecordRef) throws -> StopwatchInfo {
        try change(ref, event: Event.stopwatchStarted) { stopwatch, now throws(KitError) in
            try stopwatch.started(at: now)
        }
    }

    func stop(_ ref: RecordRef) throws -> StopwatchInfo {
        try change(ref, event: Event.stopwatchStopped) { stopwatch, now throws(KitError) in
            try stopwatch.stopped(at: now)
        }
    }

    /// Takes a stopwatch's "still running" notice off the screen, after the commit, when one went
    /// out (`remindersSent`) and the stopwatch was stopped, reset or deleted since (by kitctl, or
    /// the notice's own Stop).
    private func withdrawNotice(of old: Stopwatch, now new: Stopwatch?) {
        guard old.remindersSent > 0, (new?.remindersSent ?? 0) == 0 else { return }
        commits.onCommittedAndSent { [popups] in popups.withdraw(StopwatchPopup.stillRunning(old.id)) }
    }

    func reset(_ ref: RecordRef) throws -> StopwatchInfo {
        let stopwatch = try resolve(ref)
        try storing { try store.deleteLaps(stopwatchID: stopwatch.id) }
        return try change(RecordRef(String(stopwatch.id)), event: Event.stopwatchChanged, change: .reset) {
            stopwatch, now in
            stopwatch.reset(at: now)
        }
    }

    func rename(_ params: StopwatchRenameParams) throws -> StopwatchInfo {
        let stopwatch = try resolve(params.ref)
        let name = try NameRules.validated(params.name, noun: "stopwatch name")
        guard try !store.stopwatchNameTaken(name, except: stopwatch.id) else {
            throw KitError.invalidArgument("a stopwatch named '\(name)' exists already; names are unique")
        }
        return try change(RecordRef(String(stopwatch.id)), event: Event.stopwatchChanged, change: .renamed) {
            stopwatch, _ in
            var copy = stopwatch
            copy.name = name
            return copy
        }
    }

    func delete(_ ref: RecordRef) throws -> DeleteResult {
        let stopwatch = try resolve(ref)
        try storing { try store.deleteStopwatch(id: stopwatch.id) }
        let last = info(stopwatch)
        stopwatches.removeValue(forKey: stopwatch.id)
        notices.cancel(StopwatchNoticeAlarm(stopwatch.id))
        withdrawNotice(of: stopwatch, now: nil)
        commits.onCommitted { [events] in
            events.emit(Event.stopwatchChanged, StopwatchEvent(stopwatch: last, change: .deleted))
        }
        return DeleteResult(deleted: stopwatch.id)
    }

    func lap(_ params: StopwatchLapParams) throws -> StopwatchLapResult {
        let stopwatch = try resolve(params.ref)
        let note = params.note?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let note, note.count > 500 { throw KitError.invalidArgument("a lap note can have at most 500 characters") }
        let now = clock.now()
        let lap = try stopwatch.lap(
            at: now, previousTotal: try store.lastLapTotal(stopwatchID: stopwatch.id),
            note: note?.isEmpty == true ? nil : note)
        try storing { try store.insertLap(lap, stopwatchID: stopwatch.id) }
        var updated = stopwatch
        updated.lapCount = lap.number
        stopwatches[updated.id] = updated
        let result = StopwatchLapResult(stopwatch: info(updated, now: now), lap: LapInfo(lap))
        commits.onCommitted { [events] in
            events.emit(Event.stopwatchLap, StopwatchLapEvent(stopwatch: result.stopwatch, lap: result.lap))
        }
        return result
    }

    // MARK: Notices

    /// The notice of a stopwatch came due: a popup with a Stop button, and the next notice.
    func noticeDue(_ id: Int64, now: ClockReading) {
        guard var stopwatch = stopwatches[id], stopwatch.isRunning else { return }
        let limit = threshold(stopwatch)
        guard limit > 0 else { return }
        let span = stopwatch.currentSpan(at: now.boot)
        let due = Int(span / limit)
        guard due > stopwatch.remindersSent else {
            scheduleReminder(stopwatch, now: now)
            return
        }
        stopwatch.remindersSent = due
        do {
            try store.updateStopwatch(stopwatch, bootID: clock.bootID, durability: .normal)
        } catch {
            logger.error(
                "could not record a stopwatch notice", metadata: ["stopwatch.id": "\(id)", "error": "\(error)"])
            return
        }
        stopwatches[id] = stopwatch
        scheduleReminder(stopwatch, now: now)
        let payload = StopwatchEvent(stopwatch: info(stopwatch, now: now))
        commits.onCommitted { [events] in events.emit(Event.stopwatchReminded, payload) }
        popups.post(noticePopup(stopwatch, now: now))
        logger.info(
            "stopwatch still running",
            metadata: [
                "stopwatch.id": "\(id)", "stopwatch.span": "\(DurationFormatter.clock(span, rounding: .down))",
            ])
    }

    /// The "still running" notice of `stopwatch` as it stands at `now`.
    private func noticePopup(_ stopwatch: Stopwatch, now: ClockReading) -> Popup {
        StopwatchPopups.stillRunning(
            stopwatch, running: DurationFormatter.clock(stopwatch.currentSpan(at: now.boot), rounding: .down),
            total: StopwatchFormat.elapsed(stopwatch.elapsed(at: now.boot)),
            sound: settings[SoundSettings.self].sound(for: .stopwatch), now: now)
    }

    /// A notice lost with its server, or left by the last kitd: shown again while the stopwatch
    /// runs, taken off the screen once it stopped.
    func popupAgain(_ text: String, now: ClockReading) -> PopupAgain? {
        guard case .stillRunning(let id) = StopwatchPopup(text: text) else { return nil }
        guard let stopwatch = stopwatches[id], stopwatch.isRunning, stopwatch.remindersSent > 0 else { return .gone }
        return .show(noticePopup(stopwatch, now: now))
    }

    /// A button on one of our popups was pressed: Stop does what `kitctl sw stop` does.
    func pressed(_ key: String, on subject: StopwatchPopup) {
        guard case .stillRunning(let id) = subject, StopwatchPopups.Button(rawValue: key) == .stop else { return }
        do {
            _ = try stop(RecordRef(String(id)))
            logger.info("stopped from the popup", metadata: ["stopwatch.id": "\(id)"])
        } catch {
            logger.notice("the popup's Stop did nothing", metadata: ["stopwatch.id": "\(id)", "error": "\(error)"])
            popups.outOfDate(
                subject, summary: Localized.text("Stop did nothing"),
                body: Localized.text("The popup was out of date: %s. Nothing was changed.", Localized.text(of: error)))
        }
    }

    /// The wall clock was set: running spans keep their boot-clock start; the stored wall start
    /// (for after a reboot) moves with the clock.
    func wallClockChanged() {
        let now = clock.now()
        for var stopwatch in stopwatches.values {
            guard case .running(let since) = stopwatch.state else { continue }
            stopwatch.state = .running(since: Deadline(boot: since.boot, wall: now.wall(for: since.boot)))
            do {
                try store.updateStopwatch(stopwatch, bootID: clock.bootID, durability: .normal)
                stopwatches[stopwatch.id] = stopwatch
            } catch {
                logger.error("could not update a stopwatch after a clock change", metadata: ["error": "\(error)"])
            }
        }
    }

    // MARK: Internals

    private func change(
        _ ref: RecordRef, event: String, change: StopwatchEvent.Change? = nil,
        _ transition: (Stopwatch, ClockReading) throws(KitError) -> Stopwatch
    ) throws -> StopwatchInfo {
        let stopwatch = try resolve(ref)
        let now = clock.now()
        let updated = try transition(stopwatch, now)
        try storing { try store.updateStopwatch(updated, bootID: clock.bootID) }
        apply(updated, now: now, event: event, change: change)
        withdrawNotice(of: stopwatch, now: updated)
        return info(updated, now: now)
    }

    private func apply(_ stopwatch: Stopwatch, now: ClockReading, event: String, change: StopwatchEvent.Change? = nil) {
        stopwatches[stopwatch.id] = stopwatch
        scheduleReminder(stopwatch, now: now)
        let payload = StopwatchEvent(stopwatch: info(stopwatch, now: now), change: change)
        commits.onCommitted { [events] in events.emit(event, payload) }
    }

    private func scheduleReminder(_ stopwatch: Stopwatch, now: ClockReading) {
        if let next = stopwatch.nextReminder(threshold: threshold(stopwatch)) {
            notices.schedule(StopwatchNoticeAlarm(stopwatch.id), at: max(next, now.boot))
        } else {
            notices.cancel(StopwatchNoticeAlarm(stopwatch.id))
        }
    }

    /// An id, or the unique name (matched without regard to case).
    private func resolve(_ ref: RecordRef) throws -> Stopwatch {
        try RecordLookup<Stopwatch>(
            noun: "stopwatch", byID: { [self] in stopwatches[$0] },
            byName: { [self] name in
                let key = NameRules.matchKey(name)
                return stopwatches.values.first { NameRules.matchKey($0.name) == key }.map { [$0] } ?? []
            },
            describe: { "\($0.id) (\($0.name))" },
            missingID: { .notFound("no stopwatch with id \($0); `kitctl sw list` shows them") },
            missingName: { [self] name in
                let names = runtime.names.sorted(stopwatches.values.map(\.name), by: { $0 })
                if names.isEmpty {
                    return .notFound("no stopwatch named '\(name)'; create one with `kitctl sw new NAME`")
                }
                return .notFound(
                    "no stopwatch named '\(name)'; there are: \(names.prefix(8).joined(separator: ", "))",
                    suggestions: Array(names.prefix(8)))
            }
        ).resolve(ref.text)
    }
}

extension StopwatchFeature {
    func describe(into status: inout DaemonStatusResult, now: ClockReading) {
        status.stopwatches = DaemonStatusResult.StopwatchCounts(running: running, total: total)
    }

    /// How many stopwatches run now.
    var running: Int {
        if let runningCount { return runningCount }
        let count = stopwatches.values.count { $0.isRunning }
        runningCount = count
        return count
    }

    var total: Int { stopwatches.count }
}
