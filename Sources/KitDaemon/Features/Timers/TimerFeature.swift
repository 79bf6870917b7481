import KitCore
import KitLocalization
import KitProtocol
import KitStore
import Logging

/// The timers feature. Owns every active countdown: its row, its alarm, and its place in the
/// counts. Each change is computed by KitCore's rules, written to the database, then applied in
/// memory; its event and popup go out only after the turn's commit. Other features follow
/// countdowns as `CountdownObserver`s (a ramen cook is a countdown); timers know none of them.
///
/// Memory holds the schedule, not the countdowns: each running timer's deadline (its alarm) and
/// the ids of paused ones, about 50 bytes a timer. A countdown is read from its row when a
/// request or an alarm needs it, and the last few thousand are kept (`RecordCache`).
final class TimerFeature: Feature {
    private var alarms: Alarms<TimerAlarm, BootTime>!
    private var pausedIDs: Set<Int64> = []
    private var recent = RecordCache<Countdown>(limit: 4096)
    private var observers: [WeakCountdownObserver] = []
    let runtime: FeatureRuntime
    let eventNames = [
        Event.timerStarted, Event.timerPaused, Event.timerResumed, Event.timerAdjusted, Event.timerFired,
        Event.timerCancelled,
    ]
    let store: TimerStore
    /// When this kitd started: a countdown due before this came due while kitd was down.
    private let startedAt: BootTime

    init(_ runtime: FeatureRuntime) {
        self.runtime = runtime
        store = runtime.store.timers
        startedAt = runtime.startedAt.boot
        alarms = runtime.scheduler.alarms(TimerAlarm.self, on: BootTime.self) { [unowned self] keys, now in
            fire(keys.map(\.id), now: now)
        }
        runtime.popupActions.register(TimerPopup.self) { [unowned self] subject, key in pressed(key, on: subject) }
        runtime.popupActions.registerAgain { [unowned self] text, now in popupAgain(text, now: now) }
    }

    /// Tells `observer` of every countdown's transitions from now on (held weakly).
    func observe(_ observer: any CountdownObserver) { observers.append(WeakCountdownObserver(observer)) }

    // MARK: Loading

    /// Reads the schedule of every running and paused timer and arms the running ones. Timers
    /// that came due while kitd was down are scheduled in the past, so they fire on the first
    /// loop turn. Deadlines restored for this boot are written back to their rows.
    func load(_ reason: LoadReason) throws {
        let now = clock.now()
        if reason == .start { logClockDisagreement(now: now) }
        let schedule = try store.restoreActive(now: now, bootID: clock.bootID)
        recent.removeAll()
        pausedIDs = Set(schedule.paused)
        alarms.replaceAll(schedule.running.map { (key: TimerAlarm($0.id), due: $0.deadline.boot) })
        logger.info(
            "timers loaded",
            metadata: [
                "timers.loaded": "\(schedule.running.count + schedule.paused.count)",
                "timers.restored": "\(schedule.restored)",
            ])
    }

    /// Says once, at start, when the boot clock and the wall clock disagree about the time that
    /// passed while kitd was down by more than `Deadline.clockDisagreementLimit`: the countdowns
    /// then follow the wall clock (`Deadline.restored`), and the log shows both readings.
    private func logClockDisagreement(now: ClockReading) {
        guard let readings = try? store.clockReadings(now: now, bootID: clock.bootID),
            abs(readings.byBoot - readings.byWall) > Deadline.clockDisagreementLimit
        else { return }
        logger.warning(
            "the boot clock and the wall clock disagree about the time kitd was down; timers and stopwatches follow the wall clock",
            metadata: [
                "clock.boot_due_in_s": "\(readings.byBoot.seconds)",
                "clock.wall_due_in_s": "\(readings.byWall.seconds)",
                "clock.boot_now_ns": "\(now.boot.nanoseconds)", "clock.wall_now": "\(Timestamp.rfc3339(now.wall))",
            ])
    }

    // MARK: Reading

    var idleStatus: String? { Localized.text("no timers") }

    /// `2 timers (1 paused); next: pasta at 14:05:12`, or nil with no timers.
    func statusLine(now: ClockReading) -> String? {
        let counts = counts
        let total = counts.running + counts.paused
        guard total > 0 else { return nil }
        var line = Localized.plural("1 timer", "%d timers", total)
        if counts.paused > 0 { line += " " + Localized.text("(%s paused)", String(counts.paused)) }
        if let next = nextDue(), case .running(let deadline) = next.state {
            let at = ClockText.short(deadline.wall, now: now.wall, in: LocalZone(), style: LocaleClock.popupStyle)
            line += "; " + Localized.text("next: %1$s at %2$s", next.label, at)
        }
        return line
    }

    func describe(into status: inout DaemonStatusResult, now: ClockReading) {
        status.timers = counts
        if let timer = nextDue(), case .running(let deadline) = timer.state {
            status.next = DaemonStatusResult.NextDue(
                id: timer.id, label: timer.label, dueAt: Timestamp.rfc3339(deadline.wall),
                remainingNs: timer.remaining(at: now.boot), durationNs: timer.duration)
        }
    }

    /// Running timers are the ones with an alarm; the rest of the active ones are paused.
    /// Constant time: the status line is worked out after every change.
    var counts: DaemonStatusResult.Counts {
        DaemonStatusResult.Counts(running: alarms.count, paused: pausedIDs.count)
    }

    /// The running timer due first.
    func nextDue() -> Countdown? {
        alarms.next().flatMap { countdown(id: $0.key.id) }
    }

    /// An active timer by id.
    func activeTimer(id: Int64) -> Countdown? {
        guard alarms.due(of: TimerAlarm(id)) != nil || pausedIDs.contains(id) else { return nil }
        return countdown(id: id)
    }

    /// A running or paused countdown from the cache or its row; nil when it is neither, or when
    /// the row cannot be read (logged).
    private func countdown(id: Int64) -> Countdown? {
        if let timer = recent[id] { return timer }
        do {
            guard let timer = try store.activeTimer(id: id) else { return nil }
            recent.keep(timer)
            return timer
        } catch {
            logger.error("could not read a timer", metadata: ["timer.id": "\(id)", "error": "\(error)"])
            return nil
        }
    }

    func info(_ timer: Countdown, now: ClockReading? = nil) -> TimerInfo {
        TimerInfo(timer, now: now ?? clock.now())
    }

    func get(_ ref: RecordRef) throws -> TimerInfo { info(try resolve(ref, activeOnly: false)) }

    /// One page of `timer.list`: active timers by due order (paused ones after, by id); with
    /// `all`, then ended ones, newest first, at most `endedListed` of them. A page reads only its
    /// own rows, through the indexes of that order, from where the page before ended (`after`).
    func list(_ params: TimerListParams) throws -> TimerListResult {
        // The router held `limit` to `TimerListParams.bounds`.
        let limit = params.limit ?? TimerListParams.defaultLimit
        let ended = params.all == true ? Self.endedListed : 0
        let position = try params.after.map { text throws(KitError) in
            try TimerListCursor.position(text, endedLimit: ended)
        }
        let now = clock.now()
        let page = try store.timerPage(
            after: position ?? .start, limit: limit, ended: ended, now: now, bootID: clock.bootID)
        return TimerListResult(
            timers: page.timers.map { TimerInfo($0, now: now) }, next: page.next.map(TimerListCursor.text))
    }

    /// `today`'s timers: the running and paused ones, as `timer.list` orders them.
    func today(into result: inout TodayResult, now: ClockReading) throws {
        let page = try store.timerPage(
            after: .start, limit: TodayResult.listed, ended: 0, now: now, bootID: clock.bootID)
        result.timers = page.timers.map { TimerInfo($0, now: now) }
        if page.next != nil { result.truncated = (result.truncated ?? []) + ["timers"] }
    }

    /// The most ended timers `timer.list` gives, across its pages.
    static let endedListed = 1000

    // MARK: Changing

    func start(_ params: TimerStartParams) throws -> TimerInfo {
        let duration = params.durationNs  // bounded at the edge (TimerStartParams.bounds)
        let name = try params.name.map { try NameRules.validated($0, noun: "timer name") }
        let sound = try params.sound.map { try Self.validatedSound($0) }
        let now = clock.now()
        return info(try startCountdown(duration: duration, name: name, sound: sound, now: now), now: now)
    }

    /// A timer's own sound as `timer.start` takes it: a theme name, `off`, or a file kitd can read.
    static func validatedSound(_ text: String) throws(KitError) -> SoundChoice {
        let sound = try SoundChoice.parse(text)
        if case .file(let path) = sound, let problem = PopupSound.fileProblem(path) {
            throw .invalidArgument("the timer's sound: \(problem); give a .oga, .ogg or .wav file kitd can read")
        }
        return sound
    }

    /// Starts a countdown and announces it; the building block of `timer.start` and `ramen.cook`.
    func startCountdown(duration: Nanoseconds, name: String?, sound: SoundChoice? = nil, now: ClockReading) throws
        -> Countdown
    {
        let name = try name.map { try uniqueName($0) }
        let timer: Countdown = try storing {
            try store.insertTimer(bootID: clock.bootID) { id throws(KitError) in
                try Countdown.started(id: id, name: name, duration: duration, now: now, sound: sound)
            }
        }
        apply(timer, .started)
        logger.info(
            "timer started",
            metadata: [
                "timer.id": "\(timer.id)", "timer.name": "\(timer.label)", "timer.duration_ns": "\(duration)",
            ])
        announce(Event.timerStarted, timer, now: now)
        return timer
    }

    /// `name`, or `name (2)`, `name (3)`, … when an active timer has it: the names of running
    /// and paused timers stay unique, as GNOME Clocks keeps them, so a name always finds one.
    func uniqueName(_ name: String) throws -> String {
        // One query for every active name that begins with this one, not one per candidate.
        let taken = try store.activeNameKeys(startingWith: name, limit: 1001)
        if !taken.contains(NameRules.matchKey(name)) { return name }
        for number in 2...1000 {
            let candidate = "\(name) (\(number))"
            if !taken.contains(NameRules.matchKey(candidate)) { return candidate }
        }
        throw KitError.invalidState(
            "a thousand timers named '\(name)' are running; cancel some, or give this one another name",
            state: "running")
    }

    func pause(_ ref: RecordRef) throws -> TimerInfo {
        try change(ref, event: Event.timerPaused, .paused) { timer, now throws(KitError) in try timer.paused(at: now) }
    }

    func resume(_ ref: RecordRef) throws -> TimerInfo {
        try change(ref, event: Event.timerResumed, .resumed) { timer, now throws(KitError) in try timer.resumed(at: now)
        }
    }

    func cancel(_ ref: RecordRef) throws -> TimerInfo {
        try change(ref, event: Event.timerCancelled, .cancelled) { timer, now throws(KitError) in
            try timer.cancelled(at: now)
        }
    }

    func add(_ ref: RecordRef, delta: Nanoseconds) throws -> TimerInfo {
        // `delta` is bounded at the edge (TimerAddParams.bounds); Countdown checks what it leaves.
        return try change(ref, event: Event.timerAdjusted, .adjusted, delta: delta) { timer, now throws(KitError) in
            try timer.adjusted(by: delta, at: now)
        }
    }

    /// Fires the given due timers in order: one batch write, then events and popups after commit.
    func fire(_ ids: [Int64], now: ClockReading) {
        var fired: [Countdown] = []
        for id in ids {
            guard let timer = countdown(id: id), case .running(let deadline) = timer.state,
                let done = try? timer.fired(at: now, dueBeforeStart: deadline.boot < startedAt)
            else { continue }
            fired.append(done)
        }
        guard !fired.isEmpty else { return }
        do {
            try store.markTimersFired(fired)
        } catch {
            logger.error("could not record fired timers; retrying shortly", metadata: ["error": "\(error)"])
            scheduler.holdOff(until: now.boot + Nanoseconds.second)
            for timer in fired {
                guard let old = countdown(id: timer.id), case .running(let deadline) = old.state else { continue }
                alarms.schedule(TimerAlarm(timer.id), at: deadline.boot)
            }
            return
        }
        // Observers word their own popups now, while they still hold what they know of their
        // countdowns. The popups are recorded in this turn's transaction, with the fire.
        var worded: [Int64: Popup] = [:]
        for timer in fired {
            for entry in observers {
                guard let popup = entry.observer?.firedPopup(for: timer, now: now) else { continue }
                worded[timer.id] = popup
                break
            }
        }
        // Register the fired events before applying, so observers' events (ramen.cooked) follow them.
        commits.onCommitted { [self] in
            for timer in fired {
                guard case .fired(let record) = timer.state else { continue }
                events.emit(
                    Event.timerFired,
                    TimerFiredEvent(
                        timer: info(timer, now: now), dueAt: Timestamp.rfc3339(record.due),
                        firedAt: Timestamp.rfc3339(record.firedAt), latenessNs: record.lateness,
                        late: record.late))
            }
        }
        for timer in fired { apply(timer, .fired) }
        let firedPopups = TimerPopups.fired(
            fired, now: now, startedAt: runtime.startedAt.wall, sounds: settings[SoundSettings.self],
            worded: { worded[$0.id] })
        for popup in firedPopups { popups.post(popup) }
        commits.onCommittedAndSent { [self] in
            for timer in fired {
                guard case .fired(let record) = timer.state else { continue }
                logger.info(
                    record.late ? "timer fired late" : "timer fired",
                    metadata: [
                        "timer.id": "\(timer.id)", "timer.name": "\(timer.label)",
                        "timer.lateness_ms": "\(record.lateness.milliseconds)",
                    ])
            }
        }
        status.changed()
    }

    /// The wall clock was set: countdowns keep their boot-clock deadlines, but their stored wall
    /// instants (used after a reboot) and displayed due times move with the clock.
    func wallClockChanged() {
        guard alarms.count > 0 else { return }
        do {
            try store.moveWallInstants(now: clock.now(), bootID: clock.bootID)
            recent.removeAll()
        } catch {
            logger.error("could not update due times after a clock change", metadata: ["error": "\(error)"])
        }
    }

    // MARK: Internals

    private func change(
        _ ref: RecordRef, event: String, _ transition: CountdownTransition, delta: Nanoseconds? = nil,
        _ rule: (Countdown, ClockReading) throws(KitError) -> Countdown
    ) throws -> TimerInfo {
        let timer = try resolve(ref, activeOnly: false)
        let now = clock.now()
        let updated = try rule(timer, now)
        try storing { try store.updateTimer(updated, bootID: clock.bootID) }
        apply(updated, transition)
        logger.info(
            "timer \(updated.state.name == timer.state.name ? "adjusted" : updated.state.name)",
            metadata: ["timer.id": "\(updated.id)", "timer.name": "\(updated.label)"])
        announce(event, updated, now: now, delta: delta)
        return info(updated, now: now)
    }

    private func announce(_ event: String, _ timer: Countdown, now: ClockReading, delta: Nanoseconds? = nil) {
        let payload = TimerEvent(timer: info(timer, now: now), deltaNs: delta)
        commits.onCommitted { [events] in events.emit(event, payload) }
        status.changed()
    }

    /// Puts a countdown's new state into memory and the agenda, and tells the observers.
    private func apply(_ timer: Countdown, _ transition: CountdownTransition) {
        defer { for entry in observers { entry.observer?.countdown(timer, did: transition) } }
        switch timer.state {
        case .running(let deadline):
            pausedIDs.remove(timer.id)
            recent.keep(timer)
            alarms.schedule(TimerAlarm(timer.id), at: deadline.boot)
        case .paused:
            pausedIDs.insert(timer.id)
            recent.keep(timer)
            alarms.cancel(TimerAlarm(timer.id))
        case .fired, .cancelled:
            pausedIDs.remove(timer.id)
            recent.forget(timer.id)
            alarms.cancel(TimerAlarm(timer.id))
        }
    }

    /// An id, or a name among active timers (ambiguous names list the candidates); a name with
    /// no active timer falls back to the most recent ended timer of that name.
    private func resolve(_ ref: RecordRef, activeOnly: Bool) throws -> Countdown {
        // The id of an active timer, as status bars ask for it: what the lookup below finds first
        // (text that Int64 reads, Reference reads as the same id).
        if let id = Int64(ref.text), let timer = activeTimer(id: id) { return timer }
        let now = clock.now()
        return try RecordLookup<Countdown>(
            noun: "timer",
            byID: { [self] id in
                if let timer = activeTimer(id: id) { return timer }
                return activeOnly ? nil : try store.timer(id: id, now: now, bootID: clock.bootID)
            },
            byName: { [self] name in
                let candidates = try store.activeTimers(named: name)
                if !candidates.isEmpty { return RecordLookup.matching(name, among: candidates, name: \.name) }
                guard !activeOnly else { return [] }
                return try store.latestEndedTimer(named: name, now: now, bootID: clock.bootID).map { [$0] } ?? []
            },
            describe: { "\($0.id) (\($0.label), \($0.state.name))" },
            missingID: { .notFound("no timer with id \($0); `kitctl timer list --all` shows them") },
            missingName: { [self] name in
                let names = Array(try store.activeNames(limit: 8).prefix(8))
                guard !names.isEmpty else { return .notFound("no timer named '\(name)'; no timers are running") }
                return .notFound(
                    "no timer named '\(name)'; active: \(names.joined(separator: ", "))", suggestions: names)
            }
        ).resolve(ref.text)
    }
}

extension TimerInfo {
    init(_ timer: Countdown, now: ClockReading) {
        var dueAt: String?
        var firedAt: String?
        var cancelledAt: String?
        var late: Bool?
        let state: State
        switch timer.state {
        case .running(let deadline):
            state = .running
            dueAt = Timestamp.rfc3339(deadline.wall)
        case .paused: state = .paused
        case .fired(let record):
            state = .fired
            firedAt = Timestamp.rfc3339(record.firedAt)
            late = record.late
        case .cancelled(let at):
            state = .cancelled
            cancelledAt = Timestamp.rfc3339(at)
        }
        self.init(
            id: timer.id, name: timer.name, label: timer.label, state: state,
            durationNs: timer.duration, remainingNs: timer.remaining(at: now.boot),
            dueAt: dueAt, createdAt: Timestamp.rfc3339(timer.createdAt), firedAt: firedAt, cancelledAt: cancelledAt,
            late: late, sound: timer.sound?.text)
    }
}
