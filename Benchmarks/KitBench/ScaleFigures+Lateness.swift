import Foundation
import KitClient
import KitCore
import KitProtocol
import KitTestSupport

/// Issue 14's due → popup path: timers and tasks due while N timers and N tasks wait, at 10k and
/// at 1M, with dunst on a private bus.
extension ScaleFigures {
    /// How late each timer's `timer.fired` reaches a subscribed client, its Notify call crosses
    /// the session bus (dbus-monitor's time stamp) and dunst accepts its popup
    /// (`notification.shown`), and the same for tasks, at each size, with the ratio to the first.
    static func lateness(sizes: [Int] = [10_000, 1_000_000], timers: Int = 20) throws -> [Figure] {
        var runs: [Lateness] = []
        for size in sizes { runs.append(try lateness(pending: size, timers: timers)) }
        let load = ProcessProbe.loadAverage()
        let names = sizes.map { $0 >= 1_000_000 ? "\($0 / 1_000_000)M" : "\($0 / 1000)k" }.joined(separator: " | ")
        func row(_ name: String, _ sample: (Lateness) -> Sample, target: Bool) -> Figure {
            let base = sample(runs[0]).median
            let cells = runs.indices.map { index in
                let median = sample(runs[index]).median
                let ratio = index == 0 ? "" : " (\(format(median / base, 2))×)"
                return "p50 \(format(median, 2)) ms\(ratio), p99 \(format(sample(runs[index]).percentile(99), 2)) ms"
            }
            let worst = runs.map { sample($0).median / base }.max() ?? 1
            return Figure(
                name: name, target: target ? "p50 ≤ 1.5× the \(names.prefix { $0 != " " }) figure" : "report",
                measured: cells.joined(separator: " | "), met: target ? worst <= 1.5 : nil)
        }
        return [
            Figure(
                name: "\(timers) timers, then \(timers / 2) tasks, due while N timers and N tasks wait (load \(load))",
                target: "N = …", measured: names, met: nil),
            row("  timer due → `timer.fired` read by a subscribed client", \.timerEvent, target: true),
            row(
                "  timer due → its Notify call on the session bus (dbus-monitor's time stamp)", \.timerNotify,
                target: true),
            row(
                "  timer due → popup accepted by dunst (`notification.shown` read by the client)", \.timerShown,
                target: false),
            row("  task due → `task.due` read by a subscribed client", \.taskEvent, target: true),
            row("  task due → its popup accepted by dunst", \.taskShown, target: false),
        ]
    }

    /// One size's samples, in milliseconds after the instant each was due.
    struct Lateness {
        var timerEvent: Sample
        var timerNotify: Sample
        var timerShown: Sample
        var taskEvent: Sample
        var taskShown: Sample
    }

    private static func lateness(pending: Int, timers: Int) throws -> Lateness {
        let desktop = try DesktopSession()
        defer { desktop.stop() }
        let daemon = try BenchDaemon()
        daemon.busAddress = desktop.busAddress
        try daemon.start()
        daemon.stop()
        try Figures.populate(daemon.databasePath, timers: pending)
        try TaskFigures.populate(daemon.databasePath, tasks: pending, repeatingEvery: 2, spreadDays: 365)
        // The first start works out every task's instants, once.
        try daemon.start(limit: 600)
        defer { daemon.stop() }
        let events = try daemon.connect()
        _ = try events.call(
            Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired, Event.notificationShown]))
        let starter = try daemon.connect()
        try Figures.pipeline(
            starter,
            (0..<timers).map { index in
                RequestEnvelope(
                    id: .number(1), method: Method.timerStart.name,
                    params: TimerStartParams(
                        durationNs: Nanoseconds(Int64((1.0 + 0.5 * Double(index)) * 1e9)), name: "late-\(index)"))
            })
        var dueByName: [String: Double] = [:]
        let (client, shown) = try collect(events, count: timers, seconds: Double(timers) * 0.5 + 10) { line in
            guard let fired = try? JSONDecoder().decode(EventParamsEnvelope<TimerFiredEvent>.self, from: Data(line)),
                let at = Timestamp.parse(fired.params.dueAt)
            else { return nil }
            let due = Double(at.nanoseconds) / 1e9
            if let name = fired.params.timer.name { dueByName[name] = due }
            return ("timer:\(fired.params.timer.id)", due)
        }
        // dbus-monitor's header line of each call: `time=1764130000.123456 sender=… member=Notify`.
        var notify: [Double] = []
        for call in desktop.notifyCalls() {
            guard call.hasPrefix("time="), let stamp = Double(call.dropFirst(5).prefix { $0 != " " }),
                let summary = call.firstMatch(of: /"(late-[0-9]+) is done"/), let due = dueByName[String(summary.1)]
            else { continue }
            notify.append((stamp - due) * 1000)
        }
        guard notify.count == timers else {
            throw HarnessError("dbus-monitor saw \(notify.count) of the \(timers) timers' Notify calls")
        }
        let tasks = try taskLateness(daemon, events: events, adder: starter, count: timers / 2)
        return Lateness(
            timerEvent: Sample(client), timerNotify: Sample(notify), timerShown: Sample(shown),
            taskEvent: Sample(tasks.fired), taskShown: Sample(tasks.shown))
    }

    /// `count` tasks due a second apart while the others wait (their popups come from the
    /// window of the next popups kitd arms): how late `task.due` reaches a client, and the popup
    /// dunst, after the instant each was due.
    private static func taskLateness(
        _ daemon: BenchDaemon, events: KitConnection, adder: KitConnection, count: Int
    ) throws -> (fired: [Double], shown: [Double]) {
        _ = try events.call(
            Method.eventsSubscribe, SubscribeParams(events: [Event.taskDue, Event.notificationShown]))
        for index in 0..<count {
            _ = try adder.call(
                Method.taskAdd, TaskAddParams(title: "lateness \(index)", due: "in \(3 + index)s"))
        }
        return try collect(events, count: count, seconds: Double(count) + 15) { line in
            guard let fired = try? JSONDecoder().decode(EventParamsEnvelope<TaskFireEvent>.self, from: Data(line)),
                let at = Timestamp.parse(fired.params.scheduledAt)
            else { return nil }
            return ("task:\(fired.params.task.id)", Double(at.nanoseconds) / 1e9)
        }
    }

    /// Reads `events` until `count` popups of what fired were shown, or `seconds` pass: how late
    /// (ms after the instant it was due) each fired event and each `notification.shown` was read.
    /// `fired` reads a line that says something fired: its popup's subject (`timer:7`) and its
    /// due instant in seconds; nil for any other line.
    private static func collect(
        _ events: KitConnection, count: Int, seconds: Double,
        fired: ([UInt8]) -> (subject: String, due: Double)?
    ) throws -> (fired: [Double], shown: [Double]) {
        var due: [String: Double] = [:]
        var client: [Double] = []
        var shown: [Double] = []
        let deadline = monotonicSeconds() + seconds
        while shown.count < count && monotonicSeconds() < deadline {
            guard let line = try events.readLine(timeout: .seconds(1)) else { continue }
            let received = wallSeconds()
            if let (subject, at) = fired(line) {
                due[subject] = at
                client.append((received - at) * 1000)
            } else if let event = try? JSONDecoder().decode(
                EventParamsEnvelope<NotificationEvent>.self, from: Data(line)), let at = due[event.params.subject]
            {
                shown.append((received - at) * 1000)
            }
        }
        return (client, shown)
    }
}
