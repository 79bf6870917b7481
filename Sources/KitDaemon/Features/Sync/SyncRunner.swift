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
        var startedBoot = BootTime(nanoseconds: 0)
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
    /// The runner's alarms, on the boot clock through the scheduler (so a test's clock drives
    /// them): a run after a change, the next run on the interval, and the timeout of a run.
    private enum Alarm: Int, Hashable, Comparable, Sendable {
        case change, interval, timeout
        static func < (lhs: Alarm, rhs: Alarm) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private var alarms: Alarms<Alarm, BootTime>!
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
        if let (run, succeededAt) = try storing({ try runtime.store.syncRuns.last() }) {
            lastRun = Self.status(run)
            runtime.vdirs.syncedThrough = succeededAt ?? WallTime(nanoseconds: .min)
        } else {
            runtime.vdirs.syncedThrough = WallTime(nanoseconds: .min)
        }
        alarms = runtime.scheduler.alarms(Alarm.self, on: BootTime.self) { [unowned self] due, _ in
            for alarm in due {
                switch alarm {
                case .change: request(.change)
                case .interval:
                    request(startRunDue ? .start : .interval)
                    startRunDue = false
                case .timeout: timedOut()
                }
            }
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
        [alarms.due(of: .change), alarms.due(of: .interval)].compactMap { $0 }.min().map(now.wall(for:))
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
        let delay = settings[SyncSettings.self].afterChange
        guard delay > 0, alarms.due(of: .change) == nil else { return }
        if case .preparing = state { return }
        alarms.schedule(.change, at: runtime.clock.now().boot + delay)
    }

    private func armInterval(after delay: Nanoseconds) {
        alarms.schedule(.interval, at: runtime.clock.now().boot + delay)
    }

    private func begin(_ run: Run) {
        // This run takes every change made so far, and restarts the interval.
        alarms.cancel([.change, .interval])
        state = .preparing(run)
        // At the end of the turn, after its commit handed the vdirs their writes.
        runtime.commits.onFlushed { [weak self] in
            self?.runtime.vdirs.whenSettled { [weak self] in self?.launch(run) }
        }
    }

    private func launch(_ run: Run) {
        guard case .preparing(let current) = state, current === run else { return }
        let now = runtime.clock.now()
        run.startedAt = now.wall
        run.startedBoot = now.boot
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
        alarms.schedule(.timeout, at: run.startedBoot + settings[SyncSettings.self].timeout)
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
        alarms.cancel(.timeout)
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
                    "sync.timeout_s": "\(settings[SyncSettings.self].timeout / Nanoseconds.second)",
                    "sync.pid": "\(process.pid)",
                ])
            process.signalGroup(SIGTERM)
            alarms.schedule(.timeout, at: runtime.clock.now().boot + Self.killAfter)
        } else {
            process.signalGroup(SIGKILL)
        }
    }

    private func finish(_ run: Run, termination: ChildProcess.Termination?) {
        let duration = runtime.clock.now().boot - run.startedBoot
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
            "sync.duration_ms": "\(duration / Nanoseconds.millisecond)",
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

}
