import Glibc
import KitCore
import KitProtocol

/// Every method kitd answers, in one table.
extension Daemon {
    func registerRoutes() {
        router.register(Method.daemonStatus, EmptyParams.self) { [unowned self] _, _ in status() }

        router.register(Method.timerStart, mutating: true, TimerStartParams.self) { [unowned self] params, _ in
            try timers.start(params)
        }
        router.register(Method.timerList, TimerListParams.self) { [unowned self] params, _ in
            TimerListResult(timers: try timers.list(all: params.all ?? false))
        }
        router.register(Method.timerGet, TimerRefParams.self) { [unowned self] params, _ in
            try timers.get(params.ref)
        }
        router.register(Method.timerPause, mutating: true, TimerRefParams.self) { [unowned self] params, _ in
            try timers.pause(params.ref)
        }
        router.register(Method.timerResume, mutating: true, TimerRefParams.self) { [unowned self] params, _ in
            try timers.resume(params.ref)
        }
        router.register(Method.timerAdd, mutating: true, TimerAddParams.self) { [unowned self] params, _ in
            try timers.add(params.ref, seconds: params.seconds)
        }
        router.register(Method.timerCancel, mutating: true, TimerRefParams.self) { [unowned self] params, _ in
            try timers.cancel(params.ref)
        }

        registerRamenRoutes()
        registerStopwatchRoutes()
        registerTaskRoutes()
        registerPlaceRoutes()
        registerMemoRoutes()
        registerDiaryRoutes()

        router.register(Method.eventsSubscribe, SubscribeParams.self) { params, context in
            let patterns = params.events ?? []
            for pattern in patterns where !Event.all.contains(where: { Event.matches($0, pattern: pattern) }) {
                throw KitError.invalidArgument(
                    "no event matches '\(pattern)'; use a name such as timer.fired, a prefix such as timer.*, or *")
            }
            context.connection.subscriptions = patterns
            return SubscribeResult(events: patterns.isEmpty ? ["*"] : patterns)
        }
    }

    private func status() -> DaemonStatusResult {
        let now = clock.now()
        var next: DaemonStatusResult.NextDue?
        if let timer = timers.nextDue(), case .running(let deadline) = timer.state {
            next = DaemonStatusResult.NextDue(
                id: timer.id, label: timer.label, dueAt: Timestamp.rfc3339(deadline.wall),
                remainingSeconds: timer.remaining(at: now.boot).seconds)
        }
        let notifications = notifier.status
        return DaemonStatusResult(
            version: KitVersion.version, protocolVersion: KitVersion.protocolVersion, pid: getpid(),
            startedAt: Timestamp.rfc3339(startedAt.wall), uptimeSeconds: (now.boot - startedAt.boot).seconds,
            socket: listener.path, database: configuration.databasePath, timers: timers.counts, next: next,
            notifications: DaemonStatusResult.Notifications(
                available: notifications.available, server: notifications.name,
                capabilities: notifications.capabilities))
    }
}
