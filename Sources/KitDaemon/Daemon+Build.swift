import Foundation
import Glibc
import KitCore
import KitLocalization
import KitProtocol
import KitStore
import Logging

/// Building a daemon: the runtime's parts made in order, the features built and loaded, and
/// everything wired.
extension Daemon {
    /// Builds a ready-to-run daemon: data directory locked, database open and migrated, every
    /// feature loaded, socket listening, notification thread up. Throws `DaemonStartError`
    /// (or another error) with a message for the person running it.
    public static func build(_ paths: DaemonPaths, logger: Logger) throws -> Daemon {
        // The popups speak the language of the locale kitd runs in; a daemon a test builds in its
        // own process speaks English, whatever the test's environment says.
        Localized.setUp()
        let daemon = try build(paths, logger: logger, clock: SystemClock(), zones: SystemZones())
        daemon.startTray()
        return daemon
    }

    /// The same with the seams handed in: tests pass a clock they can set, zones they can
    /// change, and a popup sink that records instead of showing.
    static func build(
        _ paths: DaemonPaths, logger: Logger, clock: any DaemonClock, zones: any ZoneProvider,
        popups makePopups: ((EventLoop) throws -> any PopupSink)? = nil, names: (any NameOrder)? = nil
    ) throws -> Daemon {
        ProcessSetup.prepareDaemon()

        let settings = CurrentSettings(try KitSettings.load(path: paths.configPath, required: paths.configRequired))
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
            // Undelivered popups older than the tasks' staleness are replayed as one digest.
            let popups = PopupLedger(
                sink: sink, actions: popupActions, store: store, commits: commits, clock: clock,
                burstAfter: { settings.value[PopupSettings.self].burstAfter },
                replayWithin: settings.value[TaskSettings.self].staleness, logger: logger)
            let runtime = FeatureRuntime(
                loop: loop, store: store, scheduler: try Scheduler(loop: loop, clock: clock), clock: clock,
                zones: zones,
                worker: try BackgroundWorker(loop: loop, logger: logger),
                commits: commits, events: events, popups: popups, popupActions: popupActions,
                status: StatusReport(commits: commits), names: names ?? Collation.fromEnvironment(),
                currentSettings: settings,
                startedAt: startedAt, paths: paths, logger: logger)
            let systemd = try SystemdNotifier(loop: loop, logger: logger) {
                UInt64(clock.now().boot.nanoseconds / 1000)
            }
            let worker = runtime.worker
            server.afterBurst = { [weak worker] in
                worker?.submit("give the heap's free pages back", { ProcessSetup.giveBackFreedMemory() }, then: {})
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

    /// Connects the parts: the routes, the socket server to the commits, systemd to the status,
    /// a failed commit to a reload, and the signals and watchers to their handlers.
    func wire() throws {
        registerRoutes()
        for feature in features { feature.mount(on: router) }
        router.serve(server)
        server.onReadHandled = { [unowned self] in runtime.commits.flushIfNothingToCommit() }
        server.canWriteEarly = { [unowned self] in runtime.commits.hasNothingToCommit }
        runtime.status.send = { [unowned self] in systemd.status(statusLine()) }
        runtime.commits.onCommitFailure = { [unowned self] _ in
            runtime.scheduler.holdOff(until: runtime.clock.now().boot + Nanoseconds.second)
            do {
                for feature in features { try feature.load(.afterFailedCommit) }
            } catch {
                runtime.logger.critical("cannot reload state from the database", metadata: ["error": "\(error)"])
            }
        }

        for signal in [SIGTERM, SIGINT] {
            retained.append(try loop.signal(signal) { [unowned self] number in shutdown(signal: number) })
        }
        // `systemctl --user reload kitd` (ExecReload): the configuration is read again.
        retained.append(try loop.signal(SIGHUP) { [unowned self] _ in reloadOnSignal() })
        retained.append(
            try ClockJumpWatcher(loop: loop, logger: runtime.logger) { [unowned self] in wallClockChanged() })
        retained.append(
            try TimeZoneWatcher(loop: loop, logger: runtime.logger) { [unowned self] in zoneChanged() })
        retained.append(try IdleRelease(loop: loop, worker: runtime.worker))
        if loop.enableWatchdog() {
            runtime.logger.info(
                "feeding the systemd watchdog",
                metadata: ["systemd.watchdog_usec": "\(systemd.watchdogInterval ?? 0)"])
        }
    }
}
