import Glibc
import KitCore
import KitProtocol
import KitStore
import Logging

/// Runs the sync command (`[sync] command`, such as `vdirsyncer sync kit`): a few seconds after
/// kit changed a vdir file, on the interval, and when asked (`sync.run`), one run at a time.
///
/// A run never holds the loop. The command is spawned (through `/bin/sh -c`, in a process group
/// of its own), and the loop watches its exit (a pidfd) and its output (a pipe) as it watches a
/// client. Before it starts, the vdirs settle, so the command sees every change kit committed;
/// after it ends, they settle again, so what it wrote is in kit when the run is reported. A run
/// past the timeout gets SIGTERM, and SIGKILL 5 s later. Each run is logged with its outcome, exit
/// status and duration, kept in the database (the last one), sent as `sync.finished`, and given
/// to whoever asked for it.
///
/// A request that comes while a run is under way is served by the next run, which starts as soon
/// as this one ends: the run under way may have missed what the request is for.
final class SyncRunner {
    typealias Reason = SyncRunStatus.Reason

    typealias Waiter = (SyncRunStatus) -> Void

    /// One run, from the request to the report.
    private final class Run {
        let reason: Reason
        var waiters: [Waiter]
        var startedAt = WallTime(nanoseconds: 0)
        var startedMicroseconds: UInt64 = 0
        var output = OutputTail(limit: SyncRunner.outputLimit)
        var timedOut = false
        var process: ChildProcess?
        var exitSource: IOSource?
        var outputSource: IOSource?

        init(reason: Reason, waiters: [Waiter]) {
            self.reason = reason
            self.waiters = waiters
        }
    }

    private enum State {
        case idle
        /// Waiting for kit's own writes to reach the files before the command reads them.
        case preparing(Run)
        case running(Run)
        /// The command ended; waiting for kitd to read what it wrote.
        case reading(Run)
    }

    /// The last bytes of output a run keeps.
    static let outputLimit = 8192
    /// With an interval, the first run comes this long after kitd starts.
    static let startDelay: Nanoseconds = 5_000_000_000
    /// A run stopped with SIGTERM that has not exited by then gets SIGKILL.
    static let killAfter: Nanoseconds = 5_000_000_000

    private let runtime: FeatureRuntime
    private let command: String
    private var state = State.idle
    /// What asked for a run while one was under way: served next.
    private var queued: (reason: Reason, waiters: [Waiter])?
    private var changeTimer: TimerSource?
    private var intervalTimer: TimerSource?
    private var timeoutTimer: TimerSource?
    /// When the timers fire, on the boot clock (µs), for `sync.status`.
    private var changeAt: UInt64?
    private var intervalAt: UInt64?
    private(set) var lastRun: SyncRunStatus?
    /// Whether the interval timer has not fired since kitd started: its first run is `start`.
    private var startRunDue = true

    private var settings: KitSettings { runtime.settings }
    private var logger: Logger { runtime.logger }

    init(command: String, runtime: FeatureRuntime) {
        self.command = command
        self.runtime = runtime
    }

    /// At start: the last run from the database, the timers, and the first run on the interval.
    func start() throws {
        let loop = runtime.loop
        if let (run, succeededAt) = try storing({ try runtime.store.syncRuns.last() }) {
            lastRun = Self.status(run)
            runtime.vdirs.syncedThrough = succeededAt ?? WallTime(nanoseconds: .min)
        } else {
            runtime.vdirs.syncedThrough = WallTime(nanoseconds: .min)
        }
        changeTimer = try loop.timer(clock: .boot, description: "sync-after-change") { [unowned self] _ in
            changeTimer?.markFired()
            changeAt = nil
            request(.change)
        }
        intervalTimer = try loop.timer(clock: .boot, description: "sync-interval") { [unowned self] _ in
            intervalTimer?.markFired()
            intervalAt = nil
            request(startRunDue ? .start : .interval)
            startRunDue = false
        }
        timeoutTimer = try loop.timer(clock: .boot, description: "sync-timeout") { [unowned self] _ in
            timeoutTimer?.markFired()
            timedOut()
        }
        runtime.vdirs.onLocalChange = { [unowned self] in changedLocally() }
        if settings[SyncSettings.self].interval > 0 { armInterval(after: Self.startDelay) }
    }

    var isRunning: Bool {
        if case .idle = state { return false }
        return true
    }

    /// When the command runs next on its own, if it does.
    func nextRun(now: ClockReading) -> WallTime? {
        let next = [changeAt, intervalAt].compactMap { $0 }.min()
        let bootNow = Int64(Self.bootMicroseconds())
        return next.map { now.wall + (Int64($0) - bootNow) * 1000 }
    }

    /// Runs the command now, or after the run under way; `waiter` gets the outcome.
    func request(_ reason: Reason, waiter: Waiter? = nil) {
        switch state {
        case .idle:
            begin(Run(reason: reason, waiters: waiter.map { [$0] } ?? []))
        case .preparing(let run):
            // It has not started: it serves this request too.
            if let waiter { run.waiters.append(waiter) }
        default:
            var next = queued ?? (reason, [])
            if let waiter { next.waiters.append(waiter) }
            queued = next
        }
    }

    /// Kit wrote or removed a vdir file: a run follows after `after_change`.
    private func changedLocally() {
        guard settings[SyncSettings.self].afterChange > 0, changeAt == nil else { return }
        if case .preparing = state { return }
        let at = Self.bootMicroseconds() + UInt64(settings[SyncSettings.self].afterChange / 1000)
        changeAt = at
        changeTimer?.arm(atMicroseconds: at)
    }

    private func armInterval(after delay: Nanoseconds) {
        let at = Self.bootMicroseconds() + UInt64(delay / 1000)
        intervalAt = at
        intervalTimer?.arm(atMicroseconds: at)
    }

    private func begin(_ run: Run) {
        // This run takes every change made so far, and restarts the interval.
        changeTimer?.disarm()
        changeAt = nil
        intervalTimer?.disarm()
        intervalAt = nil
        state = .preparing(run)
        // At the end of the turn, after its commit handed the vdirs their writes.
        runtime.commits.onFlushed { [weak self] in
            self?.runtime.vdirs.whenSettled { [weak self] in self?.launch(run) }
        }
    }

    private func launch(_ run: Run) {
        guard case .preparing(let current) = state, current === run else { return }
        run.startedAt = runtime.clock.now().wall
        run.startedMicroseconds = Self.bootMicroseconds()
        state = .running(run)
        let process: ChildProcess
        do {
            process = try ChildProcess.spawn(shellCommand: command)
            run.process = process
            run.outputSource = try runtime.loop.io(fd: process.outputFD, events: .readable, description: "sync-output")
            { [unowned self] _ in readOutput(run) }
            run.exitSource = try runtime.loop.io(
                fd: process.exitFD, events: .readable, description: "sync-exit", priority: EventLoop.Priority.afterIO
            ) { [unowned self] _ in exited(run) }
        } catch {
            run.process = nil
            run.output = OutputTail(limit: Self.outputLimit)
            run.output.append(ArraySlice("could not run /bin/sh -c: \(error)".utf8))
            return finish(run, termination: nil)
        }
        timeoutTimer?.arm(atMicroseconds: run.startedMicroseconds + UInt64(settings[SyncSettings.self].timeout / 1000))
        logger.info(
            "sync started", metadata: ["sync.reason": "\(run.reason.rawValue)", "sync.pid": "\(process.pid)"])
    }

    /// kitd is stopping: a run under way gets SIGTERM, with whatever it started (its own process
    /// group), so it does not outlive kitd; it is not waited for.
    func stop() {
        guard case .running(let run) = state, let process = run.process else { return }
        logger.info("stopping the sync command under way", metadata: ["sync.pid": "\(process.pid)"])
        process.signalGroup(SIGTERM)
    }

    private func readOutput(_ run: Run) {
        guard let process = run.process else { return }
        if !process.readOutput(into: &run.output) { run.outputSource?.disable() }
    }

    private func exited(_ run: Run) {
        guard case .running(let current) = state, current === run, let process = run.process,
            let termination = process.reap()
        else { return }
        timeoutTimer?.disarm()
        run.exitSource?.disable()
        // What it wrote last; a child it left behind may hold the pipe, so read only what is there.
        process.readOutput(into: &run.output)
        run.outputSource?.disable()
        state = .reading(run)
        runtime.vdirs.whenSettled { [weak self] in self?.finish(run, termination: termination) }
    }

    private func timedOut() {
        guard case .running(let run) = state, let process = run.process else { return }
        if !run.timedOut {
            run.timedOut = true
            logger.warning(
                "the sync command is taking too long; stopping it",
                metadata: [
                    "sync.timeout_s": "\(settings[SyncSettings.self].timeout / Nanoseconds.nanosecondsPerSecond)",
                    "sync.pid": "\(process.pid)",
                ])
            process.signalGroup(SIGTERM)
            timeoutTimer?.arm(atMicroseconds: Self.bootMicroseconds() + UInt64(Self.killAfter / 1000))
        } else {
            process.signalGroup(SIGKILL)
        }
    }

    private func finish(_ run: Run, termination: ChildProcess.Termination?) {
        let duration = Int64(Self.bootMicroseconds() - run.startedMicroseconds) * 1000
        let outcome: SyncRunStatus.Outcome
        var exitStatus: Int32?
        switch termination {
        case nil: outcome = .notStarted
        case .exited(let status):
            exitStatus = status
            outcome = run.timedOut ? .timedOut : status == 0 ? .succeeded : .failed
        case .signalled: outcome = run.timedOut ? .timedOut : .failed
        }
        let record = SyncRunStore.Run(
            startedAt: run.startedAt, duration: duration, outcome: outcome.rawValue, exitStatus: exitStatus,
            output: run.output.text, reason: run.reason.rawValue)
        let succeeded = outcome == .succeeded
        do {
            try storing { try runtime.store.syncRuns.record(record, succeeded: succeeded) }
        } catch {
            logger.error("could not keep the sync run", metadata: ["error": "\(error)"])
        }
        if succeeded {
            runtime.vdirs.syncedThrough = run.startedAt
            for (_, mirror) in runtime.vdirs.mirrors { mirror.agreeOnWrites(before: run.startedAt) }
        }
        let status = Self.status(record)
        lastRun = status
        var metadata: Logger.Metadata = [
            "sync.outcome": "\(outcome.rawValue)", "sync.reason": "\(run.reason.rawValue)",
            "sync.duration_ms": "\(duration / 1_000_000)",
        ]
        if let exitStatus { metadata["sync.exit_status"] = "\(exitStatus)" }
        if case .signalled(let signal) = termination { metadata["sync.signal"] = "\(signal)" }
        if succeeded {
            logger.info("sync finished", metadata: metadata)
        } else {
            metadata["sync.output"] = "\(status.output.split(separator: "\n").suffix(5).joined(separator: " | "))"
            logger.warning("sync did not succeed", metadata: metadata)
        }
        let events = runtime.events
        runtime.commits.onCommitted { events.emit(Event.syncFinished, status) }
        for waiter in run.waiters { waiter(status) }
        // The loop's sources go before the descriptors they watch.
        run.exitSource = nil
        run.outputSource = nil
        run.process = nil
        state = .idle
        if let next = queued {
            queued = nil
            begin(Run(reason: next.reason, waiters: next.waiters))
        } else if settings[SyncSettings.self].interval > 0 {
            armInterval(after: settings[SyncSettings.self].interval)
        }
    }

    private static func status(_ run: SyncRunStore.Run) -> SyncRunStatus {
        SyncRunStatus(
            startedAt: Timestamp.rfc3339(run.startedAt), durationMs: run.duration / 1_000_000,
            // A row of an outcome or reason this kit does not know (a newer kit's) reads as failed, asked.
            outcome: SyncRunStatus.Outcome(rawValue: run.outcome) ?? .failed, exitStatus: run.exitStatus,
            output: run.output, reason: SyncRunStatus.Reason(rawValue: run.reason) ?? .asked)
    }

    private static func bootMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec / 1000)
    }
}
