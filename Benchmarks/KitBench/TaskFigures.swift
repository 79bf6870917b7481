import Foundation
import KitClient
import KitCore
import KitProtocol
import KitStore
import KitTestSupport

/// Issue 5's figures: how late task popups fire, the month agenda with 10,000 tasks, and
/// start-up with 100,000 tasks of which half repeat.
enum TaskFigures {
    static let rules = ["daily", "weekdays", "weekly on mon,wed", "monthly on day 15", "every 2 weeks", "yearly"]

    // MARK: Lateness

    static func lateness(tasks: Int = 200, spread: Int = 10) throws -> [Figure] {
        let (client, daemonSide) = try measureLateness(tasks: tasks, spread: spread)
        let c = Sample(client)
        let d = Sample(daemonSide)
        let (alone, _) = try measureLateness(tasks: 20, spread: 20)
        let a = Sample(alone)
        return [
            Figure(
                name: "task due → task.due received by a client (\(c.count) tasks over \(spread) s)",
                target: "p99 < 2 ms",
                measured:
                    "p50 \(format(c.median, 3)) ms, p99 \(format(c.percentile(99), 3)) ms, max \(format(c.max, 3)) ms",
                met: c.count == tasks && c.percentile(99) < 2),
            Figure(
                name: "  same, as kitd measures it (latenessNs: due → fire on CLOCK_REALTIME)", target: "",
                measured:
                    "p50 \(format(d.median, 3)) ms, p99 \(format(d.percentile(99), 3)) ms, max \(format(d.max, 3)) ms",
                met: nil),
            Figure(
                name: "  one task at a time (\(a.count) tasks, one per second), received by a client", target: "",
                measured:
                    "p50 \(format(a.median, 3)) ms, p99 \(format(a.percentile(99), 3)) ms, max \(format(a.max, 3)) ms",
                met: nil),
        ]
    }

    /// Adds `tasks` tasks due over `spread` seconds and returns each one's lateness in ms, as
    /// the subscribed client saw it and as kitd reported it.
    static func measureLateness(tasks: Int, spread: Int) throws -> ([Double], [Double]) {
        let daemon = try BenchDaemon()
        try daemon.start()
        let events = try daemon.connect()
        _ = try events.call(Method.eventsSubscribe, SubscribeParams(events: [Event.taskDue]))
        let adder = try daemon.connect()
        // Task due times are civil times in whole seconds: 200 tasks over 10 s come due in
        // batches of about 20 at each second.
        try Figures.pipeline(
            adder,
            (0..<tasks).map {
                RequestEnvelope(
                    id: .number(1), method: Method.taskAdd.name,
                    params: TaskAddParams(title: "bench \($0)", due: "in \(2 + $0 * spread / tasks)s"))
            })
        var client: [Double] = []
        var daemonSide: [Double] = []
        let deadline = monotonicSeconds() + Double(spread) + 8
        while client.count < tasks && monotonicSeconds() < deadline {
            guard let line = try events.readLine(timeout: .seconds(1)) else { continue }
            let received = wallSeconds()
            let fired = try JSONDecoder().decode(EventParamsEnvelope<TaskFireEvent>.self, from: Data(line)).params
            let due = Double(Timestamp.parse(fired.scheduledAt)!.nanoseconds) / 1e9
            client.append((received - due) * 1000)
            daemonSide.append(fired.latenessNs.milliseconds)
        }
        daemon.stop()
        return (client, daemonSide)
    }

    // MARK: Agenda

    static func agendaMonth(tasks: Int = 10_000, runs: Int = 30) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        daemon.stop()
        try populate(daemon.databasePath, tasks: tasks, repeatingEvery: 10, spreadDays: 180)
        try daemon.start()
        let (times, output) = try daemon.timeKitctl(["agenda", "--month"], runs: runs)
        let shown = output.split(separator: "\n").last.map(String.init) ?? ""
        daemon.stop()
        let sample = Sample(times)
        return [
            Figure(
                name: "`kitctl agenda --month` with \(tasks) tasks, whole command (\(runs) runs; \(shown))",
                target: "report",
                measured: "median \(format(sample.median)) ms, p90 \(format(sample.percentile(90))) ms", met: nil)
        ]
    }

    // MARK: Start-up

    static func startup(tasks: Int = 100_000, runs: Int = 5) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        daemon.stop()
        try populate(daemon.databasePath, tasks: tasks, repeatingEvery: 2, spreadDays: 365)
        let (times, rss) = try daemon.timeStarts(runs: runs)
        let sample = Sample(times)
        return [
            Figure(
                name: "kitd start → READY=1 with \(tasks) tasks, half repeating (\(runs) starts)", target: "< 300 ms",
                measured: "median \(format(sample.median, 1)) ms, max \(format(sample.max, 1)) ms",
                met: sample.median < 300),
            Figure(
                name: "  RSS idle with those tasks", target: "report", measured: "\(format(rss, 1)) MiB", met: nil),
        ]
    }

    // MARK: Helpers

    /// Writes `tasks` open tasks straight into the database, as kitd would have: due over the
    /// next `spreadDays` days (a few overdue), one in `repeatingEvery` repeating, one in three
    /// with pre-alerts, one in ten pinned to another zone.
    static func populate(_ path: String, tasks: Int, repeatingEvery: Int, spreadDays: Int) throws {
        let database = try KitDatabase.open(path: path, logger: .init(label: "bench"))
        let now = WallTime(seconds: wallSeconds())
        let today = CivilDateTime(now, in: FixedOffset.utc).date
        let parsed = try rules.map { try Recurrence.parse($0) }
        var generator = SplitMix64(seed: 5)
        var makers: [(Int64) -> TaskItem] = []
        makers.reserveCapacity(tasks)
        for index in 0..<tasks {
            let day = today.adding(days: Int(generator.next() % UInt64(spreadDays + 10)) - 5)
            let time = TimeOfDay(hour: Int(generator.next() % 24), minute: Int(generator.next() % 4) * 15)
            let anchor = CivilDateTime(date: day, time: time)
            let rule = index % repeatingEvery == 0 ? parsed[index / repeatingEvery % parsed.count] : nil
            let zone: String? = index % 10 == 3 ? (index % 20 == 3 ? "Europe/Berlin" : "America/New_York") : nil
            let alerts: [Nanoseconds] = index % 3 == 0 ? [.hour, 10 * .minute] : []
            makers.append { id in
                TaskItem(
                    id: id, uid: "bench-\(index)@kit", title: "task \(index)", zone: zone, anchor: anchor,
                    recurrence: rule, alerts: alerts, createdAt: now)
            }
        }
        _ = try database.tasks.insertTasks(makers)
        try database.commit()
    }
}
