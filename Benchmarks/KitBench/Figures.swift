import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitStore
import KitTestSupport
import Synchronization

/// One row of the report.
struct Figure {
    var name: String
    var target: String
    var measured: String
    var met: Bool?
}

/// Each benchmark from issue 2, against a release kitd.
enum Figures {
    // MARK: Lateness

    static func lateness(timers: Int = 200, spread: Double = 10) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        let events = try daemon.connect()
        _ = try events.call(
            Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired]))
        let starter = try daemon.connect()
        var generator = SystemRandomNumberGenerator()
        let durations = (0..<timers).map {
            1.0 + spread * Double($0) / Double(timers) + Double.random(in: 0..<0.01, using: &generator)
        }
        try startTimers(durations, on: starter)

        var client: [Double] = []
        var daemonSide: [Double] = []
        let deadline = monotonicSeconds() + spread + 5
        while client.count < timers && monotonicSeconds() < deadline {
            // Stamp the moment the line is read, before decoding it.
            guard let line = try events.readLine(timeout: .seconds(1)) else { continue }
            let received = wallSeconds()
            let fired = try JSONDecoder().decode(EventParamsEnvelope<TimerFiredEvent>.self, from: Data(line)).params
            let due = Double(Timestamp.parse(fired.dueAt)!.nanoseconds) / 1e9
            client.append((received - due) * 1000)
            daemonSide.append(fired.latenessNs.milliseconds)
        }
        daemon.stop()
        let c = Sample(client)
        let d = Sample(daemonSide)
        return [
            Figure(
                name: "lateness due → timer.fired received by a client (\(c.count) timers over \(Int(spread)) s)",
                target: "p50 < 0.5 ms, p99 < 2 ms",
                measured:
                    "p50 \(format(c.median, 3)) ms, p99 \(format(c.percentile(99), 3)) ms, max \(format(c.max, 3)) ms",
                met: c.count == timers && c.median < 0.5 && c.percentile(99) < 2),
            Figure(
                name: "  same, as kitd measures it (latenessNs: due → fire on CLOCK_BOOTTIME)", target: "",
                measured:
                    "p50 \(format(d.median, 3)) ms, p99 \(format(d.percentile(99), 3)) ms, max \(format(d.max, 3)) ms",
                met: nil),
        ]
    }

    // MARK: Notifications

    /// Due → Notify answered, kitd beside the floor (`NotifyFloor`) on the same bus and dunst:
    /// `timers` popups `spread` seconds in all, then the floor's as many as far apart, then
    /// `afterIdle` popups each due well after kitd has let go of its pages (`IdleRelease`).
    static func notificationLatency(
        timers: Int = 50, spread: Double = 5, afterIdle: Int = 6, calendarAlarms: Int = 20
    ) throws -> [Figure] {
        let desktop = try DesktopSession()
        defer { desktop.stop() }
        let daemon = try BenchDaemon()
        daemon.busAddress = desktop.busAddress
        // A watched calendar folder, for the alarms' part of the run.
        let calendar = try daemon.root.subdirectory("calendars/work")
        try "[calendars]\nwatch = [\"\(calendar)\"]\n".write(
            toFile: daemon.root.path + "/config.toml", atomically: true, encoding: .utf8)
        daemon.extraArguments = ["--config", daemon.root.path + "/config.toml"]
        try daemon.start()
        let events = try daemon.connect()
        _ = try events.call(
            Method.eventsSubscribe,
            SubscribeParams(events: [
                Event.timerFired, Event.calendarAlarm, Event.notificationShown, Event.notificationFailed,
            ]))
        let starter = try daemon.connect()
        try startTimers((0..<timers).map { 1.0 + spread * Double($0) / Double(timers) }, on: starter)
        let (close, closeFailures) = try popupLatencies(events, count: timers, within: spread + 10)
        let floor = Sample(NotifyFloor.run(count: timers, gap: spread / Double(timers), busAddress: desktop.busAddress))

        // Each due 2.5 s after the one before: kitd is idle for more than IdleRelease.delay first.
        try startTimers((1...afterIdle).map { 2.5 * Double($0) }, on: starter)
        let (idle, idleFailures) = try popupLatencies(events, count: afterIdle, within: 2.5 * Double(afterIdle) + 10)

        // Watched calendar alarms, their files written first: one a second, as iCalendar gives
        // whole seconds (several in one second would be a burst).
        let first = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3).rounded(.up))
        for index in 0..<calendarAlarms {
            try CalendarFile.event("bench-\(index)", "bench-\(index)", alarmAt: first.addingTimeInterval(Double(index)))
                .write(
                    toFile: calendar + "/bench-\(index).ics", atomically: true, encoding: .utf8)
        }
        let (alarms, alarmFailures) = try popupLatencies(
            events, count: calendarAlarms, within: Double(calendarAlarms) + 13)
        daemon.stop()
        let rang = Sample(alarms)

        let sample = Sample(close)
        let afterRelease = Sample(idle)
        let ratio = sample.median / floor.median
        return [
            Figure(
                name: "due → notification accepted by dunst (\(sample.count) popups, \(closeFailures) failed)",
                target: "p50 < 15 ms",
                measured:
                    "p50 \(format(sample.median)) ms, p99 \(format(sample.percentile(99))) ms, max \(format(sample.max)) ms",
                met: closeFailures == 0 && sample.median < 15),
            Figure(
                name: "  floor: a timer wake and libnotify's show, no kitd (\(floor.count) popups)", target: "",
                measured:
                    "p50 \(format(floor.median)) ms, p99 \(format(floor.percentile(99))) ms, max \(format(floor.max)) ms",
                met: floor.count == timers),
            Figure(
                name: "  kitd's p50 over the floor's", target: "<= 1.5x", measured: "\(format(ratio))x",
                met: ratio <= 1.5),
            Figure(
                name:
                    "due → accepted after kitd let go of its pages (\(afterRelease.count) popups, \(idleFailures) failed)",
                target: "p50 < 15 ms",
                measured:
                    "p50 \(format(afterRelease.median)) ms, max \(format(afterRelease.max)) ms",
                met: idleFailures == 0 && afterRelease.median < 15),
            // iCalendar's instants are whole seconds: one alarm a second, kitd idle between, as
            // the timers just above.
            Figure(
                name:
                    "watched calendar alarm → accepted by dunst, one a second (\(rang.count) popups, \(alarmFailures) failed)",
                target: "<= 1.5x floor",
                measured:
                    "p50 \(format(rang.median)) ms, p99 \(format(rang.percentile(99))) ms (\(format(rang.median / floor.median))x the floor)",
                met: alarmFailures == 0 && rang.count == calendarAlarms && rang.median <= 1.5 * floor.median),
        ]
    }

    /// Reads `timer.fired` and `notification.*` events until `count` popups are answered or
    /// `within` seconds pass: each popup's lateness plus its Notify's latency, and the failures.
    private static func popupLatencies(_ events: KitConnection, count: Int, within: Double) throws -> ([Double], Int) {
        var lateness: [String: Double] = [:]
        var total: [Double] = []
        var failures = 0
        let deadline = monotonicSeconds() + within
        while total.count + failures < count && monotonicSeconds() < deadline {
            guard let event = try events.nextEvent(timeout: .seconds(1)) else { continue }
            switch event.name {
            case Event.timerFired:
                let fired = try event.decode(TimerFiredEvent.self)
                lateness["timer:\(fired.timer.id)"] = fired.latenessNs.milliseconds
            case Event.calendarAlarm:
                let rang = try event.decode(CalendarAlarmEvent.self)
                lateness["calendar:\(rang.uid)"] = rang.latenessNs.milliseconds
            case Event.notificationShown:
                let shown = try event.decode(NotificationEvent.self)
                // A calendar popup's subject goes on after its UID: the occurrence and the alarm.
                let key =
                    shown.subject.hasPrefix("calendar:") ? String(shown.subject.prefix { $0 != " " }) : shown.subject
                total.append((lateness[key] ?? 0) + shown.latencyNs.milliseconds)

            default:
                failures += 1
            }
        }
        return (total, failures)
    }

    // MARK: Idle wake-ups

    static func idleWakeups(pending: Int = 10_000, seconds: Double = 30) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        do {
            let client = try daemon.connect()
            try pipeline(
                client,
                (0..<pending).map {
                    RequestEnvelope(
                        id: .number(1), method: Method.timerStart.name,
                        params: TimerStartParams(durationNs: (3600 + Int64($0)) * Nanoseconds.second))
                })
        }
        Thread.sleep(forTimeInterval: 2)
        let pid = daemon.process!.pid
        let before = ProcessProbe.contextSwitches(pid: pid)
        Thread.sleep(forTimeInterval: seconds)
        let after = ProcessProbe.contextSwitches(pid: pid)
        daemon.stop()
        return [
            Figure(
                name: "kitd wake-ups in \(Int(seconds)) s idle, \(pending) pending timers, no watchdog",
                target: "0, give or take one", measured: "\(after - before) context switches (all threads)",
                met: after - before <= 1)
        ]
    }

    // MARK: Whole commands

    static func kitctlStart(runs: Int = 100) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        let (times, _) = try daemon.timeKitctl(["timer", "start", "1h", "--name", "bench"], runs: runs)
        let (korean, _) = try daemon.timeKitctl(["timer", "start", "3분", "--name", "라면"], runs: runs)
        let (status, _) = try daemon.timeKitctl(["status"], runs: runs)
        let (version, _) = try daemon.timeKitctl(["--version"], runs: runs)
        // What starting any program and waiting for it costs here, the same way.
        let (floor, _) = try daemon.timeKitctl([], runs: runs, executable: "/bin/true")
        daemon.stop()
        // `make release` links kitctl with the Swift runtime and libstdc++ inside (see the Makefile).
        let libraries =
            (try? Subprocess.run(
                "/usr/bin/ldd", [Binaries.kitctl], environment: ["PATH": "/usr/bin:/bin"],
                outputDirectory: daemon.root.path))?
            .stdout.split(separator: "\n").count ?? 0
        let load = ProcessProbe.loadAverage()
        func row(_ name: String, _ times: [Double], target: Double?) -> Figure {
            let sample = Sample(times)
            return Figure(
                name: name, target: target.map { "median < \(format($0, 0)) ms" } ?? "",
                measured: "median \(format(sample.median)) ms, p90 \(format(sample.percentile(90))) ms",
                met: target.map { sample.median < $0 })
        }
        return [
            row(
                "`kitctl timer start` as a whole command (\(runs) runs, \(libraries) shared libraries, load \(load))",
                times, target: 5),
            row("  `kitctl timer start 3분` (issue 33)", korean, target: 5),
            row("  `kitctl status`", status, target: 5),
            row("  `kitctl --version` (start-up alone)", version, target: nil),
            row("  floor: `/bin/true`, started and waited for the same way", floor, target: nil),
        ]
    }

    // MARK: Throughput

    static func startCancelThroughput(clients: Int = 8, seconds: Double = 5) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        let (total, failed) = rounds(socket: daemon.socketPath, clients: clients, seconds: seconds) {
            connection, index, _ in
            let timer = try connection.call(
                Method.timerStart, TimerStartParams(durationNs: .hour, name: "c\(index)"))
            _ = try connection.call(Method.timerCancel, RefParams(ref: String(timer.id)))
        }
        // Check durability: every pair left a cancelled row on disk.
        let check = try daemon.connect()
        let listed = try check.call(Method.timerList, TimerListParams(all: true))
        daemon.stop()
        let rate = Double(total) / seconds
        return [
            Figure(
                name: "`timer.start` + `timer.cancel` pairs, \(clients) clients, each reply after its fsync'd commit",
                target: "> 5,000 /s",
                measured: "\(Int(rate)) pairs/s (\(total) pairs, \(failed) client errors, "
                    + "\(listed.timers.count) of the newest ended timers listed back)",
                met: rate > 5000 && failed == 0)
        ]
    }

    /// `round` run over and over by `clients` threads, each on its own connection, for `seconds`:
    /// how many rounds ended, and how many clients stopped on an error. `round` gets the client's
    /// index and its round number.
    static func rounds(
        socket: String, clients: Int, seconds: Double,
        _ round: @escaping @Sendable (KitConnection, Int, Int) throws -> Void
    ) -> (rounds: Int, failedClients: Int) {
        let done = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        let stopAt = monotonicSeconds() + seconds
        let finished = DispatchGroup()
        for index in 0..<clients {
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                do {
                    let connection = try KitConnection.connect(to: socket)
                    var serial = 0
                    while monotonicSeconds() < stopAt {
                        serial += 1
                        try round(connection, index, serial)
                        done.add(1, ordering: .relaxed)
                    }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
            thread.start()
        }
        finished.wait()
        return (done.load(ordering: .relaxed), failures.load(ordering: .relaxed))
    }

    // MARK: Start-up and memory

    static func startupAndMemory(pending: Int = 100_000, runs: Int = 5) throws -> [Figure] {
        let empty = try BenchDaemon()
        try empty.start()
        Thread.sleep(forTimeInterval: 2)
        let emptyRSS = ProcessProbe.rssMiB(pid: empty.process!.pid)
        empty.stop()

        let daemon = try BenchDaemon()
        try daemon.start()
        daemon.stop()
        try populate(daemon.databasePath, timers: pending)
        let (times, fullRSS) = try daemon.timeStarts(runs: runs)
        let sample = Sample(times)
        return [
            Figure(
                name: "kitd start → READY=1 with \(pending) timers in the database (\(runs) starts)",
                target: "< 300 ms",
                measured: "median \(format(sample.median, 1)) ms, max \(format(sample.max, 1)) ms",
                met: sample.median < 300),
            Figure(
                name: "RSS idle, empty", target: "< 30 MB", measured: "\(format(emptyRSS, 1)) MiB", met: emptyRSS < 30),
            Figure(
                name: "RSS idle, \(pending) pending timers", target: "< 80 MB", measured: "\(format(fullRSS, 1)) MiB",
                met: fullRSS < 80),
        ]
    }

    // MARK: Helpers

    /// Sends requests with at most `window` in flight and reads every reply.
    static func pipeline<P: Encodable>(_ connection: KitConnection, _ requests: [RequestEnvelope<P>], window: Int = 512)
        throws
    {
        let encoder = WireCodec.encoder()
        var sent = 0
        var received = 0
        while received < requests.count {
            var chunk = Data()
            while sent < requests.count && sent - received < window {
                chunk.append(try WireCodec.line(requests[sent], with: encoder))
                sent += 1
            }
            if !chunk.isEmpty { try connection.send(chunk) }
            guard let line = try connection.readLine(timeout: .seconds(30)) else { throw HarnessError("no reply") }
            if line.contains(UInt8(ascii: "e")), let text = String(bytes: line, encoding: .utf8),
                text.contains("\"error\"")
            {
                throw HarnessError("request failed: \(text)")
            }
            received += 1
        }
    }

    /// Starts one timer per duration, pipelined.
    static func startTimers(_ durations: [Double], on connection: KitConnection) throws {
        try pipeline(
            connection,
            durations.map {
                RequestEnvelope(
                    id: .number(1), method: Method.timerStart.name,
                    params: TimerStartParams(durationNs: Nanoseconds(Int64(($0 * 1e9).rounded()))))
            })
    }

    /// Writes `timers` running timers straight into the database, as kitd would have.
    static func populate(_ path: String, timers: Int) throws {
        let database = try KitDatabase.open(path: path, logger: .init(label: "bench"))
        let bootID =
            (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let now = ClockReading(
            boot: BootTime(nanoseconds: Int64(boot.tv_sec) * Nanoseconds.nanosecondsPerSecond + Int64(boot.tv_nsec)),
            wall: WallTime(seconds: wallSeconds()))
        for index in 0..<timers {
            _ = try database.timers.insertTimer(bootID: bootID) { id throws(KitError) in
                try Countdown.started(
                    id: id, name: index % 2 == 0 ? "t\(index)" : nil,
                    duration: Int64(3600 + index) * Nanoseconds.second,
                    now: now)
            }
        }
        try database.commit()
    }
}
