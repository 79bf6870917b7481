import Glibc
import KitCore
import KitProtocol

/// The methods of the daemon itself; each feature mounts its own (Features/*/…+Routes.swift).
extension Daemon {
    func registerRoutes() {
        router.register(Method.daemonStatus, .now { [unowned self] _, _ in status() })
        router.register(Method.daemonReload, .now { [unowned self] _, _ in try reload() })
        router.register(Method.daemonToday, .now { [unowned self] _, _ in try today() })
        router.register(
            Method.eventsSubscribe,
            .now { [unowned self] params, context in
                let patterns = params.events ?? []
                // Each event is matched against every pattern of every subscriber.
                try TextLimit.check(count: patterns.count, "event patterns", limit: Event.maximumPatterns)
                let declared = runtime.events.declared
                for pattern in patterns where !declared.contains(where: { Event.matches($0, pattern: pattern) }) {
                    throw KitError.invalidArgument(
                        "no event matches '\(pattern)'; use a name such as timer.fired, a prefix such as timer.*, or *")
                }
                context.connection.subscriptions = patterns
                return SubscribeResult(events: patterns.isEmpty ? ["*"] : patterns)
            })
    }

    /// What runs and what is due today, each feature's part from the feature.
    private func today() throws -> TodayResult {
        let now = runtime.clock.now()
        var result = TodayResult(date: CivilDateTime(now.wall, in: runtime.zones.system).date.iso8601)
        for feature in features { try feature.today(into: &result, now: now) }
        return result
    }

    private func status() -> DaemonStatusResult {
        let now = runtime.clock.now()
        let server = runtime.popups.serverStatus
        let popups = runtime.popups.counts
        var status = DaemonStatusResult(
            version: KitVersion.version, protocolVersion: KitVersion.protocolVersion, pid: getpid(),
            startedAt: Timestamp.rfc3339(runtime.startedAt.wall),
            uptimeNs: now.boot - runtime.startedAt.boot,
            socket: listener.path, database: paths.databasePath,
            notifications: DaemonStatusResult.Notifications(
                available: server.available, server: server.name, capabilities: server.capabilities,
                pending: popups.pending, shown: popups.shown, failed: popups.failed, replayed: popups.replayed))
        status.backgroundJobs = runtime.worker.pendingCount
        for feature in features { feature.describe(into: &status, now: now) }
        return status
    }
}
