import Foundation
import KitClient
import KitCore
import KitProtocol
import KitTestSupport

/// Issue 14's first row: the cost of one `timer.start`, one at a time, with 10k, 100k and 1M
/// timers pending, side by side with its ratio to the 10k figure.
enum ScaleFigures {
    static func timerStart(sizes: [Int] = [10_000, 100_000, 1_000_000], starts: Int = 1000) throws -> [Figure] {
        var perStart: [(Int, Double, Double)] = []
        for size in sizes {
            let daemon = try BenchDaemon()
            try daemon.start()
            daemon.stop()
            try Figures.populate(daemon.databasePath, timers: size)
            let ready = try daemon.start() * 1000
            let client = try daemon.connect()
            let began = monotonicSeconds()
            for index in 0..<starts {
                _ = try client.call(
                    Method.timerStart, TimerStartParams(durationNs: Int64(7200 + index) * 1_000_000_000),
                    as: TimerInfo.self)
            }
            perStart.append((size, (monotonicSeconds() - began) * 1_000_000 / Double(starts), ready))
            daemon.stop()
        }
        let base = perStart.first?.1 ?? 1
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
        return perStart.map { size, micros, ready in
            Figure(
                name: "timer.start one at a time, \(size) pending (load \(load))", target: "≤ 1.5× the 10k figure",
                measured:
                    "\(format(micros, 1)) µs each, \(format(micros / base, 2))×; READY=1 in \(format(ready, 0)) ms",
                met: micros / base <= 1.5)
        }
    }

    /// 20 timers due while `pending` others wait, with dunst on a private bus: how late their
    /// `timer.fired` reaches a subscribed client, and how late their popup is accepted by dunst.
    static func lateness(pending: Int = 1_000_000, timers: Int = 20) throws -> [Figure] {
        let desktop = try DesktopSession()
        defer { desktop.stop() }
        let daemon = try BenchDaemon()
        daemon.busAddress = desktop.busAddress
        try daemon.start()
        daemon.stop()
        try Figures.populate(daemon.databasePath, timers: pending)
        try daemon.start()
        let events = try daemon.connect()
        _ = try events.call(
            Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired, Event.notificationShown]),
            as: SubscribeResult.self)
        let starter = try daemon.connect()
        try Figures.startTimers((0..<timers).map { 1.0 + 0.5 * Double($0) }, on: starter)
        var due: [String: Double] = [:]
        var client: [Double] = []
        var bus: [Double] = []
        let deadline = monotonicSeconds() + Double(timers) * 0.5 + 10
        while bus.count < timers && monotonicSeconds() < deadline {
            guard let line = try events.readLine(timeout: .seconds(1)) else { continue }
            let received = wallSeconds()
            if let fired = try? JSONDecoder().decode(EventParamsEnvelope<TimerFiredEvent>.self, from: Data(line)),
                fired.params.timer.id > 0, let at = Timestamp.parse(fired.params.dueAt)
            {
                due["timer:\(fired.params.timer.id)"] = Double(at.nanoseconds) / 1e9
                client.append((received - Double(at.nanoseconds) / 1e9) * 1000)
            } else if let shown = try? JSONDecoder().decode(
                EventParamsEnvelope<NotificationEvent>.self, from: Data(line)), let at = due[shown.params.subject]
            {
                bus.append((received - at) * 1000)
            }
        }
        daemon.stop()
        let c = Sample(client)
        let b = Sample(bus)
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
        return [
            Figure(
                name: "\(timers) timers due while \(pending) wait: due → timer.fired at a client (load \(load))",
                target: "report",
                measured: "p50 \(format(c.median, 2)) ms, p99 \(format(c.percentile(99), 2)) ms (\(c.count) events)",
                met: nil),
            Figure(
                name: "  due → popup accepted by dunst (notification.shown read by the client)", target: "report",
                measured: "p50 \(format(b.median, 2)) ms, p99 \(format(b.percentile(99), 2)) ms (\(b.count) popups)",
                met: nil),
        ]
    }
}
