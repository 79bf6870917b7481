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
    /// The loop sources the daemon keeps alive: its signals and watchers.
    var retained: [AnyObject] = []
    /// kit in the panel, while `[tray] enabled` and a session bus is there.
    var tray: Tray?

    /// Every feature, in load order: a feature may build on one listed before it. Adding a
    /// feature is its folder under Features/ and one line here.
    static func features(_ runtime: FeatureRuntime) -> [any Feature] {
        let timers = TimerFeature(runtime)
        let calendars = CalendarFeature(runtime)
        return [
            timers,
            RamenFeature(runtime, timers: timers),
            StopwatchFeature(runtime),
            TaskFeature(runtime, calendars: calendars),
            PlaceFeature(runtime),
            MemoFeature(runtime),
            DiaryFeature(runtime),
            SyncFeature(runtime),
            calendars,
        ]
    }

    init(
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
        features = Self.features(runtime)
        for feature in features { runtime.events.declare(feature.eventNames) }
    }

    /// Runs until SIGTERM or SIGINT; returns the process exit code.
    public func run() throws -> Int32 {
        systemd.ready(status: statusLine())
        let code = try loop.run()
        runtime.popups.shutdown()
        runtime.logger.info("kitd stopped")
        return code
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

    /// What SIGTERM and SIGINT do: each feature ends its outside work, the last commit is made,
    /// the worker and the server stop, and the loop ends.
    func shutdown(signal: Int32) {
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
