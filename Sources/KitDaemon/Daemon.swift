import Foundation
import Glibc
import KitCore
import KitProtocol
import KitStore
import Logging

/// kitd: one event loop on the main thread that owns all state, plus the notification thread and
/// a background worker for long work, which hand their results back to the loop.
///
/// The daemon is the shared runtime (loop, scheduler, store, commits, socket server, popups,
/// systemd) and a list of features. It knows no feature by name: each one mounts its routes,
/// asks the scheduler for its own alarms and registers its own popup buttons.
public final class Daemon {
    let paths: DaemonPaths
    let runtime: FeatureRuntime
    let features: [any Feature]
    let loop: EventLoop
    let lock: InstanceLock
    let listener: ListeningSocket
    let server: SocketServer
    let router: RequestRouter
    let systemd: SystemdNotifier
    private var retained: [AnyObject] = []

    /// Every feature, in load order: a feature may build on one listed before it. Adding a
    /// feature is its folder under Features/ and one line here.
    static func features(_ runtime: FeatureRuntime, _ paths: DaemonPaths) -> [any Feature] {
        let timers = TimerFeature(runtime)
        return [
            timers,
            RamenFeature(runtime, timers: timers, catalogPath: paths.ramenCatalogPath),
            StopwatchFeature(runtime),
            TaskFeature(runtime),
            PlaceFeature(runtime),
            MemoFeature(runtime),
            DiaryFeature(runtime),
            SyncFeature(runtime),
        ]
    }

    private init(
        paths: DaemonPaths, lock: InstanceLock, listener: ListeningSocket, loop: EventLoop,
        runtime: FeatureRuntime, server: SocketServer, systemd: SystemdNotifier
    ) {
        self.paths = paths
        self.lock = lock
        self.listener = listener
        self.loop = loop
        self.runtime = runtime
        self.server = server
        self.systemd = systemd
        router = RequestRouter(logger: runtime.logger, worker: runtime.worker)
        features = Self.features(runtime, paths)
        for feature in features { runtime.events.declare(feature.eventNames) }
    }

    /// Builds a ready-to-run daemon: data directory locked, database open and migrated, every
    /// feature loaded, socket listening, notification thread up. Throws `DaemonStartError`
    /// (or another error) with a message for the person running it.
    public static func build(_ paths: DaemonPaths, logger: Logger) throws -> Daemon {
        try build(paths, logger: logger, clock: SystemClock(), zones: SystemZones())
    }

    /// The same with the seams handed in: tests pass a clock they can set, zones they can
    /// change, and a popup sink that records instead of showing.
    static func build(
        _ paths: DaemonPaths, logger: Logger, clock: any DaemonClock, zones: any ZoneProvider,
        popups makePopups: ((EventLoop) throws -> any PopupSink)? = nil
    ) throws -> Daemon {
        ProcessSetup.prepareDaemon()

        let settings = try KitSettings.load(path: paths.configPath, required: paths.configRequired)
        let startedAt = clock.now()
        try PrivateDirectory.create(paths.dataDirectory)
        let lock = try InstanceLock(directory: paths.dataDirectory, socketPath: paths.socket.path)
        let store: KitDatabase
        do {
            store = try KitDatabase.open(path: paths.databasePath, logger: logger)
        } catch {
            throw DaemonStartError.database(path: paths.databasePath, reason: "\(error)")
        }

        let loop = try EventLoop()
        let listener = try ListeningSocket.acquire(paths.socket, logger: logger)
        do {
            let server = try SocketServer(loop: loop, listener: listener, logger: logger)
            let commits = try CommitCoordinator(loop: loop, store: store, server: server, logger: logger)
            let sink = try makePopups?(loop) ?? Notifier(loop: loop, appName: "kit", clock: clock, logger: logger)
            let events = EventBus(server: server, logger: logger)
            let popupActions = PopupActions(events: events)
            let popups = PopupLedger(
                sink: sink, actions: popupActions, store: store, commits: commits, clock: clock, settings: settings,
                logger: logger)
            let runtime = FeatureRuntime(
                loop: loop, store: store, scheduler: try Scheduler(loop: loop, clock: clock), clock: clock,
                zones: zones,
                worker: try BackgroundWorker(loop: loop, logger: logger),
                commits: commits, events: events, popups: popups, popupActions: popupActions,
                status: StatusReport(commits: commits), settings: settings,
                startedAt: startedAt, dataDirectory: paths.dataDirectory, logger: logger)
            let systemd = try SystemdNotifier(loop: loop, logger: logger) {
                UInt64(clock.now().boot.nanoseconds / 1000)
            }
            let daemon = Daemon(
                paths: paths, lock: lock, listener: listener, loop: loop, runtime: runtime,
                server: server, systemd: systemd)
            popups.replayUndelivered()
            runtime.status.ping = { [weak systemd] in systemd?.stillWorking($0) }
            for feature in daemon.features { try feature.load(.start) }
            try daemon.wire()
            logger.info(
                "kitd \(KitVersion.version) ready",
                metadata: ["socket.path": "\(listener.path)", "db.path": "\(paths.databasePath)"])
            return daemon
        } catch {
            listener.removePath()
            throw error
        }
    }

    /// Runs until SIGTERM or SIGINT; returns the process exit code.
    public func run() throws -> Int32 {
        systemd.ready(status: statusLine())
        let code = try loop.run()
        runtime.popups.shutdown()
        runtime.logger.info("kitd stopped")
        return code
    }

    private func wire() throws {
        registerRoutes()
        for feature in features { feature.mount(on: router) }
        router.serve(server)
        server.onReadHandled = { [unowned self] in runtime.commits.flushIfNothingToCommit() }
        server.canWriteEarly = { [unowned self] in runtime.commits.hasNothingToCommit }
        runtime.status.send = { [unowned self] in systemd.status(statusLine()) }
        runtime.commits.onCommitFailure = { [unowned self] _ in
            runtime.scheduler.holdOff(until: runtime.clock.now().boot + 1_000_000_000)
            do {
                for feature in features { try feature.load(.afterFailedCommit) }
            } catch {
                runtime.logger.critical("cannot reload state from the database", metadata: ["error": "\(error)"])
            }
        }

        for signal in [SIGTERM, SIGINT] {
            retained.append(try loop.signal(signal) { [unowned self] number in shutdown(signal: number) })
        }
        retained.append(
            try ClockJumpWatcher(loop: loop, logger: runtime.logger) { [unowned self] in wallClockChanged() })
        retained.append(
            try TimeZoneWatcher(loop: loop, logger: runtime.logger) { [unowned self] in zoneChanged() })
        if loop.enableWatchdog() {
            runtime.logger.info(
                "feeding the systemd watchdog",
                metadata: ["systemd.watchdog_usec": "\(systemd.watchdogInterval ?? 0)"])
        }
    }

    /// The wall clock was set: wall deadlines are measured against the new time, and each
    /// feature re-derives what it stored on the wall clock.
    func wallClockChanged() {
        runtime.scheduler.wallClockChanged()
        for feature in features { feature.wallClockChanged() }
    }

    /// The system time zone changed: the zones are read again, then each feature reacts.
    func zoneChanged() {
        runtime.zones.systemChanged()
        for feature in features { feature.zoneChanged() }
    }

    /// Stops serving without ending the process: what a signal does, for a daemon a test drives.
    func stop() {
        shutdown(signal: SIGTERM)
        runtime.popups.shutdown()
    }

    private func shutdown(signal: Int32) {
        let name = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "\(signal)"
        runtime.logger.info("stopping", metadata: ["signal": "\(name)"])
        systemd.stopping()
        for feature in features { feature.stopping() }
        runtime.commits.flush(final: true)
        runtime.worker.shutdown()
        server.shutdown()
        listener.removePath()
        loop.exit(code: 0)
    }

    /// The registered feature of type `F`, for tests that drive one.
    func feature<F: Feature>(_ type: F.Type) -> F? { features.lazy.compactMap { $0 as? F }.first }
}
