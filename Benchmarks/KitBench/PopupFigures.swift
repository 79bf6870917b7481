import Foundation
import KitClient
import KitCore
import KitProtocol
import KitTestSupport

/// Popups under load: a burst of timers due at once, against dunst on a private bus.
enum PopupFigures {
    /// `timers` timers due within a few milliseconds of each other: how long until the digest
    /// reaches the server, until the last timer's event, and how many Notify calls the bus saw.
    static func burst(timers: Int = 200) throws -> [Figure] {
        let desktop = try DesktopSession()
        defer { desktop.stop() }
        let daemon = try BenchDaemon()
        daemon.busAddress = desktop.busAddress
        try daemon.start()
        let events = try daemon.connect()
        _ = try events.call(
            Method.eventsSubscribe,
            SubscribeParams(events: [Event.timerFired, Event.notificationShown, Event.notificationFailed]))
        let starter = try daemon.connect()
        try Figures.startTimers(Array(repeating: 2.0, count: timers), on: starter)

        var dueBySubject: [String: Double] = [:]
        var firstDue = Double.infinity
        var lastDue = 0.0
        var lastFired = 0.0
        var fired = 0
        var firstDigest: Double?
        var lastShown = 0.0
        var shownDelays: [Double] = []
        var failed = 0
        let deadline = monotonicSeconds() + 15
        while monotonicSeconds() < deadline {
            guard let line = try events.readLine(timeout: .seconds(2)) else {
                if fired == timers { break }
                continue
            }
            let received = wallSeconds()
            let method = try JSONDecoder().decode(EventName.self, from: Data(line)).method
            switch method {
            case Event.timerFired:
                let event = try JSONDecoder().decode(EventParamsEnvelope<TimerFiredEvent>.self, from: Data(line))
                let due = Double(Timestamp.parse(event.params.dueAt)!.nanoseconds) / 1e9
                dueBySubject["timer:\(event.params.timer.id)"] = due
                firstDue = min(firstDue, due)
                lastDue = max(lastDue, due)
                lastFired = max(lastFired, received - due)
                fired += 1
            case Event.notificationShown:
                let event = try JSONDecoder().decode(EventParamsEnvelope<NotificationEvent>.self, from: Data(line))
                if event.params.subject.hasPrefix("burst:") {
                    if firstDigest == nil { firstDigest = received - firstDue }
                    // A digest update shows every timer due so far.
                    shownDelays.append(received - lastDue)
                } else if let due = dueBySubject[event.params.subject] {
                    shownDelays.append(received - due)
                }
                lastShown = received
            default:
                failed += 1
            }
        }
        daemon.stop()
        let notifyCalls = desktop.notifyCalls().count
        let worst = (shownDelays.max() ?? .infinity) * 1000
        return [
            Figure(
                name: "burst of \(timers) timers due at once: due → digest popup accepted by dunst",
                target: "< 1000 ms",
                measured: firstDigest.map { "\(format($0 * 1000)) ms" } ?? "no digest",
                met: (firstDigest ?? .infinity) < 1),
            Figure(
                name: "  due → the last timer.fired received (\(fired) of \(timers))", target: "",
                measured: "\(format(lastFired * 1000)) ms", met: nil),
            Figure(
                name: "  the longest a popup waited behind its due time", target: "< 1000 ms",
                measured: "\(format(worst)) ms (last popup at +\(format((lastShown - firstDue) * 1000)) ms)",
                met: worst < 1000 && failed == 0),
            Figure(
                name: "  Notify calls on the bus (5 popups, then the digest and its updates)", target: "",
                measured: "\(notifyCalls), \(failed) failed", met: nil),
        ]
    }

    private struct EventName: Decodable {
        var method: String
    }
}
