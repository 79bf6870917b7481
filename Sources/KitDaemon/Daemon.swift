import Foundation
import Glibc
import KitCore
import KitProtocol
import KitStore
import Logging

/// kitd: one event loop on the main thread that owns all state, plus the notification thread.
public final class Daemon {
    let configuration: DaemonConfiguration
    let logger: Logger
    let clock: any DaemonClock
    let loop: EventLoop
    let startedAt: ClockReading
    let lock: InstanceLock
    let store: KitDatabase
    let listener: ListeningSocket
    let server: SocketServer
    let router: RequestRouter
    let commits: CommitCoordinator
    let events: EventBus
    let scheduler: Scheduler
    let notifier: Notifier
    let timers: TimerService
    let ramen: RamenService
    let stopwatches: StopwatchService
    let tasks: TaskService
    let places: PlaceService
    let memos: MemoService
    let diary: DiaryService
    let config: KitConfig
    let service: ServiceManager
    var retained: [AnyObject] = []

    private init(
        configuration: DaemonConfiguration, logger: Logger, clock: any DaemonClock, loop: EventLoop,
        startedAt: ClockReading, lock: InstanceLock, store: KitDatabase, listener: ListeningSocket,
        server: SocketServer, router: RequestRouter, commits: CommitCoordinator, events: EventBus,
        scheduler: Scheduler, notifier: Notifier, timers: TimerService, ramen: RamenService,
        stopwatches: StopwatchService, tasks: TaskService, places: PlaceService, memos: MemoService,
        diary: DiaryService, config: KitConfig,
        service: ServiceManager
    ) {
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
        self.loop = loop
        self.startedAt = startedAt
        self.lock = lock
        self.store = store
        self.listener = listener
        self.server = server
        self.router = router
        self.commits = commits
        self.events = events
        self.scheduler = scheduler
        self.notifier = notifier
        self.timers = timers
        self.ramen = ramen
        self.stopwatches = stopwatches
        self.tasks = tasks
        self.places = places
        self.memos = memos
        self.diary = diary
        self.config = config
        self.service = service
    }

    /// Builds a ready-to-run daemon: data directory locked, database open and migrated, pending
    /// timers loaded, socket listening, notification thread up. Throws `DaemonStartError`
    /// (or another error) with a message for the person running it.
    public static func build(_ configuration: DaemonConfiguration, logger: Logger) throws -> Daemon {
        try build(configuration, logger: logger, clock: SystemClock(), zones: SystemZones())
    }

    /// The same with the two seams of time handed in: tests pass a clock they can set and zones
    /// they can change.
    static func build(
        _ configuration: DaemonConfiguration, logger: Logger, clock: any DaemonClock, zones: any ZoneProvider
    ) throws -> Daemon {
        ProcessSetup.blockSignals([SIGTERM, SIGINT])
        ProcessSetup.ignoreSIGPIPE()
        ProcessSetup.minimiseTimerSlack()

        let config = try KitConfig.load(path: configuration.configPath, required: configuration.configRequired)
        let startedAt = clock.now()
        try PrivateDirectory.create(configuration.dataDirectory)
        let lock = try InstanceLock(directory: configuration.dataDirectory, socketPath: configuration.socket.path)
        let store: KitDatabase
        do {
            store = try KitDatabase.open(path: configuration.databasePath, logger: logger)
        } catch {
            throw DaemonStartError.database(path: configuration.databasePath, reason: "\(error)")
        }

        let loop = try EventLoop()
        let scheduler = try Scheduler(loop: loop, clock: clock)
        let listener = try ListeningSocket.acquire(configuration.socket, logger: logger)
        do {
            let server = try SocketServer(loop: loop, listener: listener, logger: logger)
            let commits = try CommitCoordinator(loop: loop, store: store, server: server, logger: logger)
            let events = EventBus(server: server, logger: logger)
            let notifier = try Notifier(loop: loop, appName: "kit", clock: clock, logger: logger)
            let popups = TimerPopups(notifier: notifier)
            let timers = TimerService(
                store: store, scheduler: scheduler, clock: clock, commits: commits, events: events,
                popups: popups, startedAt: startedAt.boot, logger: logger)
            let loaded = try timers.load()
            let ramen = RamenService(
                store: store, timers: timers, scheduler: scheduler, clock: clock, commits: commits, events: events,
                notifier: notifier, logger: logger)
            timers.observers.append { [unowned ramen] timer in ramen.follow(timer) }
            popups.decorate = { [unowned ramen] timer, now in ramen.donePopup(for: timer, now: now) }
            try ramen.load(catalogPath: configuration.ramenCatalogPath)
            let stopwatches = StopwatchService(
                store: store, scheduler: scheduler, clock: clock, commits: commits, events: events, notifier: notifier,
                config: config, logger: logger)
            try stopwatches.load()
            let tasks = TaskService(
                store: store, scheduler: scheduler, clock: clock, zones: zones, commits: commits, events: events,
                notifier: notifier, config: config, startedAt: startedAt.wall, logger: logger)
            try tasks.load()
            let places = PlaceService(
                store: store, images: PlaceImages(dataDirectory: configuration.dataDirectory), clock: clock,
                commits: commits, events: events, notifier: notifier, logger: logger)
            try places.load()
            let memos = MemoService(store: store, clock: clock, commits: commits, events: events, logger: logger)
            let diary = DiaryService(
                store: store, clock: clock, zones: zones, commits: commits, events: events, logger: logger)
            let daemon = Daemon(
                configuration: configuration, logger: logger, clock: clock, loop: loop, startedAt: startedAt,
                lock: lock, store: store, listener: listener, server: server, router: RequestRouter(logger: logger),
                commits: commits, events: events, scheduler: scheduler, notifier: notifier, timers: timers,
                ramen: ramen, stopwatches: stopwatches, tasks: tasks, places: places, memos: memos, diary: diary,
                config: config,
                service: try ServiceManager(loop: loop, logger: logger) {
                    UInt64(clock.now().boot.nanoseconds / 1000)
                })
            try daemon.wire()
            logger.info(
                "kitd \(KitVersion.version) ready",
                metadata: [
                    "socket.path": "\(listener.path)", "db.path": "\(configuration.databasePath)",
                    "timers.loaded": "\(loaded)",
                ])
            return daemon
        } catch {
            listener.removePath()
            throw error
        }
    }

    /// Runs until SIGTERM or SIGINT; returns the process exit code.
    public func run() throws -> Int32 {
        service.ready(status: statusLine())
        let code = try loop.run()
        notifier.shutdown()
        logger.info("kitd stopped")
        return code
    }

    private func wire() throws {
        registerRoutes()
        server.onLine = { [unowned self] connection, line in
            if let reply = router.handle(line, context: RequestRouter.Context(connection: connection)) {
                server.stage(reply, on: connection)
            }
        }
        server.onReadHandled = { [unowned self] in commits.flushIfNothingToCommit() }
        scheduler.onDue = { [unowned self] keys, now in
            var timerIDs: [Int64] = []
            var taskIDs: [Int64] = []
            for key in keys {
                switch key {
                case .timer(let id): timerIDs.append(id)
                case .ramenStep(let timer, let index): ramen.stepDue(timerID: timer, index: index, now: now)
                case .stopwatchReminder(let id): stopwatches.reminderDue(id, now: now)
                case .task(let id): taskIDs.append(id)
                }
            }
            timers.fire(timerIDs, now: now)
            if !taskIDs.isEmpty { tasks.fire(taskIDs, now: now) }
        }
        timers.onChange = { [unowned self] in
            commits.onFlushed { [unowned self] in service.status(statusLine()) }
        }
        commits.onCommitFailure = { [unowned self] _ in
            scheduler.holdOff(until: clock.now().boot + 1_000_000_000)
            do {
                try timers.load()
                try ramen.load(catalogPath: nil)
                try stopwatches.load()
                try tasks.load()
                try places.load()
            } catch {
                logger.critical("cannot reload state from the database", metadata: ["error": "\(error)"])
            }
        }
        notifier.onOutcome = { [unowned self] outcome in notificationOutcome(outcome) }

        for signal in [SIGTERM, SIGINT] {
            retained.append(try loop.signal(signal) { [unowned self] number in shutdown(signal: number) })
        }
        retained.append(
            try ClockJumpWatcher(loop: loop, logger: logger) { [unowned self] in wallClockChanged() })
        retained.append(
            try TimeZoneWatcher(loop: loop, logger: logger) { [unowned self] in tasks.zoneChanged() })
        if loop.enableWatchdog() {
            logger.info(
                "feeding the systemd watchdog",
                metadata: ["systemd.watchdog_usec": "\(service.watchdogInterval ?? 0)"])
        }
    }

    /// The wall clock was set: wall deadlines are measured against the new time, and stored
    /// wall instants are re-derived from the boot clock.
    func wallClockChanged() {
        scheduler.wallClockChanged()
        timers.wallClockChanged()
        stopwatches.wallClockChanged()
    }

    /// Stops serving without ending the process: what a signal does, for a daemon a test drives.
    func stop() {
        shutdown(signal: SIGTERM)
        notifier.shutdown()
    }

    private func shutdown(signal: Int32) {
        logger.info(
            "stopping",
            metadata: ["signal": "\(signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "\(signal)")"])
        service.stopping()
        commits.flush()
        server.shutdown()
        listener.removePath()
        loop.exit(code: 0)
    }

    private func notificationOutcome(_ outcome: PopupOutcome) {
        switch outcome {
        case .shown(let subject, let summary, let id, let latency):
            events.emit(
                Event.notificationShown,
                NotificationEvent(
                    subject: subject, summary: summary, serverId: id, reason: nil, latencyMs: Double(latency) / 1e6))
        case .failed(let subject, let summary, let reason, let latency, _):
            events.emit(
                Event.notificationFailed,
                NotificationEvent(
                    subject: subject, summary: summary, serverId: nil, reason: reason, latencyMs: Double(latency) / 1e6)
            )
        case .action(let subject, let key):
            if subject.hasPrefix("stopwatch:") { stopwatches.action(subject: subject, key: key) }
            if subject.hasPrefix("task:") { tasks.action(subject: subject, key: key) }
        case .closed, .server, .diagnostic:
            break
        }
    }

    /// `2 timers; next: pasta at 14:05:12`, for systemd's STATUS=.
    func statusLine() -> String {
        let counts = timers.counts
        let total = counts.running + counts.paused
        guard total > 0 else { return "idle: no timers" }
        var line = total == 1 ? "1 timer" : "\(total) timers"
        if counts.paused > 0 { line += " (\(counts.paused) paused)" }
        if let next = timers.nextDue(), case .running(let deadline) = next.state {
            line += "; next: \(next.label) at \(ClockText.short(deadline.wall, now: clock.now().wall, in: LocalZone()))"
        }
        return line
    }
}
