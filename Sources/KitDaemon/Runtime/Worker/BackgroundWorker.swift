import Foundation
import Glibc
import Logging
import Synchronization

/// The runtime's one background thread, for work too long for the loop: reading a calendar
/// file, and whatever else would hold the loop past a timer's due time.
///
/// Work runs there one job at a time, in the order it was submitted. A job sees only the
/// `Sendable` values it captured, never daemon state, and returns a `Sendable` value. Its
/// completion then runs on the loop thread, in the same order, as the notification thread
/// hands its outcomes back: the result is queued, and an eventfd that the loop watches wakes it.
/// So daemon state keeps its one owner, and the loop is free while the job runs.
final class BackgroundWorker {
    private let mailbox: WorkerMailbox
    private let logger: Logger
    private var source: IOSource?
    /// Completions by job id, touched only on the loop thread.
    private var completions: [UInt64: (any Sendable) -> Void] = [:]
    private var nextID: UInt64 = 1
    /// Results back from the worker whose completions wait for a later turn of the loop.
    private var ready: [WorkerMailbox.Done] = []
    /// How long one turn runs completions (at least one): the rest go on in a later turn, after
    /// the timers, requests, commits and replies due meanwhile (ten calendars read at once hand
    /// back ten pages together).
    static let turn = Duration.milliseconds(2)
    private var more: DeferSource?
    /// How many turns have run completions.
    private(set) var turnsRun = 0

    init(loop: EventLoop, logger: Logger) throws(SystemError) {
        self.logger = logger
        mailbox = WorkerMailbox(eventFD: try Libsystemd.makeWakeFD())
        source = try loop.io(fd: mailbox.eventFD, events: .readable, description: "worker-results") {
            [unowned self] _ in self.deliver()
        }
        more = try loop.deferred(description: "worker-results-more", priority: EventLoop.Priority.flush + 10) {
            [unowned self] in self.finishReady()
        }
        let mailbox = mailbox
        let thread = Thread { mailbox.serve() }
        thread.name = "kit-worker"
        // As much stack as the loop thread has: parsers may recurse.
        thread.stackSize = 8 << 20
        thread.start()
    }

    deinit { shutdown() }

    /// Jobs submitted whose completion has not run yet.
    var pendingCount: Int { completions.count }

    /// Runs `work` on the worker thread, then `completion` with its result on the loop thread.
    /// Call on the loop thread. After `shutdown`, neither runs.
    func submit<Output: Sendable>(
        _ label: String, _ work: @escaping @Sendable () -> Output, then completion: @escaping (Output) -> Void
    ) {
        guard source != nil else { return }
        let id = nextID
        nextID += 1
        completions[id] = { output in
            // The worker hands back exactly what `work` returned.
            if let output = output as? Output { completion(output) }
        }
        mailbox.post(WorkerMailbox.Job(id: id, label: label, queuedAt: .now, reportsBack: true, run: work))
    }

    /// Runs `work` on the worker thread and nothing after it: the loop is not woken when it is
    /// done. For housekeeping whose result nobody waits for (`IdleRelease`).
    func submit(_ label: String, _ work: @escaping @Sendable () -> Void) {
        guard source != nil else { return }
        mailbox.post(WorkerMailbox.Job(id: 0, label: label, queuedAt: .now, reportsBack: false, run: work))
    }

    /// Stops taking work. A job already running finishes on its thread, and its result is dropped.
    func shutdown() {
        guard source != nil else { return }
        source = nil
        mailbox.stop()
        if !completions.isEmpty {
            logger.debug("dropping background work on shutdown", metadata: ["work.pending": "\(completions.count)"])
        }
        completions.removeAll()
        ready.removeAll()
        more = nil
    }

    /// On the loop: takes the finished jobs' results, and runs their completions in order, a
    /// turn's time at once (`finishReady`).
    private func deliver() {
        mailbox.consumeWakeUp()
        ready += mailbox.takeResults()
        finishReady()
    }

    /// Runs the completions of the results back, in order, for a turn's time (`turn`).
    private func finishReady() {
        more?.cancel()
        turnsRun += 1
        var delivered: [WorkerMailbox.Done] = []
        defer {
            releaseOnWorker(delivered)
            // What is left goes on in a later turn, after whatever else is due.
            if !ready.isEmpty { more?.trigger() }
        }
        let turnBegan = ContinuousClock.now
        while !ready.isEmpty, delivered.isEmpty || ContinuousClock.now - turnBegan < Self.turn {
            let done = ready.removeFirst()
            delivered.append(done)
            guard let completion = completions.removeValue(forKey: done.id) else { continue }
            let began = ContinuousClock.now
            completion(done.output)
            logger.debug(
                "background work done",
                metadata: [
                    "work.label": "\(done.label)", "work.queued_ms": "\(Self.milliseconds(done.waited))",
                    "work.run_ms": "\(Self.milliseconds(done.ran))",
                    "work.loop_ms": "\(Self.milliseconds(ContinuousClock.now - began))",
                ])
        }
    }

    /// Lets go of what jobs returned on the worker thread, where it was made. Freed on the loop,
    /// its small blocks would go to the loop thread's cache of free blocks (glibc's tcache keeps
    /// them by thread, whatever arena they are from), and the loop would then keep its own
    /// lasting data in them: a few blocks in each page of the worker's heap, which could then
    /// give back none of the pages its parsing freed (watching 50,000 files, it kept 4.2 MB
    /// resident for 0.7 MB in use).
    private func releaseOnWorker(_ results: [WorkerMailbox.Done]) {
        guard !results.isEmpty else { return }
        mailbox.post(
            WorkerMailbox.Job(
                id: 0, label: "release results", queuedAt: .now, reportsBack: false,
                run: { withExtendedLifetime(results) {} }))
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
    }
}

/// What the loop and the worker thread share: jobs in, results out, and the eventfd that wakes
/// the loop. Every member is safe from both threads; the eventfd is closed only when both have
/// let go, so the thread never writes to a descriptor number that was reused.
private final class WorkerMailbox: Sendable {
    struct Job: Sendable {
        var id: UInt64
        var label: String
        var queuedAt: ContinuousClock.Instant
        /// Whether its result goes back to the loop, waking it.
        var reportsBack: Bool
        var run: @Sendable () -> any Sendable
    }

    struct Done: Sendable {
        var id: UInt64
        var label: String
        var waited: Duration
        var ran: Duration
        var output: any Sendable
    }

    private struct Queue {
        var jobs: [Job] = []
        var next = 0
        var stopping = false
    }

    let eventFD: Int32
    private let queue = Mutex(Queue())
    private let results = Mutex<[Done]>([])
    /// Counts the jobs posted, plus one for `stop`.
    private let wake = DispatchSemaphore(value: 0)

    init(eventFD: Int32) { self.eventFD = eventFD }

    deinit { close(eventFD) }

    func post(_ job: Job) {
        queue.withLock { $0.jobs.append(job) }
        wake.signal()
    }

    func stop() {
        queue.withLock {
            $0.stopping = true
            $0.jobs.removeAll()
            $0.next = 0
        }
        wake.signal()
    }

    /// The worker thread's body: runs jobs until `stop`.
    func serve() {
        while true {
            wake.wait()
            let job = queue.withLock { queue -> Job? in
                guard !queue.stopping, queue.next < queue.jobs.count else { return nil }
                let job = queue.jobs[queue.next]
                queue.next += 1
                if queue.next == queue.jobs.count {
                    queue.jobs.removeAll(keepingCapacity: true)
                    queue.next = 0
                }
                return job
            }
            guard let job else {
                if queue.withLock({ $0.stopping }) { return }
                continue
            }
            let started = ContinuousClock.now
            let output = job.run()
            let ended = ContinuousClock.now
            guard job.reportsBack else { continue }
            results.withLock {
                $0.append(
                    Done(
                        id: job.id, label: job.label, waited: started - job.queuedAt, ran: ended - started,
                        output: output))
            }
            var one: UInt64 = 1
            _ = write(eventFD, &one, MemoryLayout<UInt64>.size)
        }
    }

    /// Resets the eventfd's count, so a level-triggered source does not fire again for it.
    func consumeWakeUp() {
        var count: UInt64 = 0
        _ = read(eventFD, &count, MemoryLayout<UInt64>.size)
    }

    func takeResults() -> [Done] {
        results.withLock { done in
            defer { done.removeAll() }
            return done
        }
    }
}
