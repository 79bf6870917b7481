import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitTestSupport

/// Issue 44's figures: a release kitd watching 10 calendar folders of 5,000 events each (ten
/// years of history and one ahead, a tenth of them repeating weekly, each with a VALARM), against
/// the same kitd watching none.
enum WatchedFigures {
    /// Writes `collections` folders of `events` one-event files under `root`, spread from ten years
    /// before `now` to a year after it, in Europe/Berlin.
    static func write(into root: String, now: Date, collections: Int, events: Int) throws {
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone(identifier: "Europe/Berlin")
        local.dateFormat = "yyyyMMdd'T'HHmm'00'"
        var seed: UInt64 = 44
        let minutes = 11 * 525_600
        for collection in 0..<collections {
            let folder = root + "/cal\(collection)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for index in 0..<events {
                // A fixed linear congruential sequence: the same calendars on every run.
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let minute = Int(seed >> 33) % minutes
                let start = now.addingTimeInterval(Double(minute - 10 * 525_600) * 60)
                let uid = "ev-\(collection)-\(index)@bench.example"
                var lines = [
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kit//bench//EN", "BEGIN:VEVENT", "UID:\(uid)",
                    "DTSTAMP:20261201T000000Z", "DTSTART;TZID=Europe/Berlin:\(local.string(from: start))",
                    "DTEND;TZID=Europe/Berlin:\(local.string(from: start.addingTimeInterval(3600)))",
                    "SUMMARY:Event \(collection)-\(index)", "LOCATION:Room 3", "DESCRIPTION:Notes about the event",
                ]
                if index % 10 == 0 { lines.append("RRULE:FREQ=WEEKLY") }
                lines += [
                    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:None", "TRIGGER:-PT10M", "END:VALARM", "END:VEVENT",
                    "END:VCALENDAR", "",
                ]
                try lines.joined(separator: "\r\n").write(
                    toFile: folder + "/\(uid).ics", atomically: false, encoding: .utf8)
            }
        }
    }

    /// Waits until kitd has read every watched folder; the seconds it took from `since`.
    static func waitLoaded(_ connection: KitConnection, since: Double, limit: Double = 300) throws -> Double {
        while monotonicSeconds() - since < limit {
            let list = try connection.call(Method.calendarList, EmptyParams())
            if !list.calendars.isEmpty, list.calendars.allSatisfy(\.loaded) { return monotonicSeconds() - since }
            usleep(50_000)
        }
        throw HarnessError("kitd did not read the watched calendars in \(limit) s")
    }

    static func figures(collections: Int = 10, events: Int = 5_000, starts: Int = 3) throws -> [Figure] {
        let data = try TemporaryDirectory(prefix: "kit-bench-calendars")
        defer { data.remove() }
        try write(into: data.path, now: Date(), collections: collections, events: events)
        let files = collections * events
        // Without: the same kitd, no [calendars].
        let plain = try BenchDaemon()
        var plainReady: [Double] = []
        for _ in 0..<starts {
            plainReady.append(try plain.start() * 1000)
            plain.stop()
        }
        try plain.start()
        // Measured as the watching kitd is: with a client connected that asked for the calendars.
        let plainPSS = try withExtendedLifetime(plain.connect()) { connection in
            _ = try connection.call(Method.calendarList, EmptyParams())
            Thread.sleep(forTimeInterval: 2)
            return ProcessProbe.memoryMiB(pid: plain.process!.pid).pss
        }
        plain.stop()
        // With: the folders watched.
        let watched = try BenchDaemon()
        let config = watched.root.path + "/config.toml"
        try "[calendars]\nwatch = [\"\(data.path)/*\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
        watched.extraArguments = ["--config", config]
        var ready: [Double] = []
        var loadSeconds: [Double] = []
        var loadHold = 0.0
        for run in 0..<starts {
            let began = monotonicSeconds()
            ready.append(try watched.start() * 1000)
            // How long the loop is held while the files are read and planned.
            let probe = try LoopProbe(watched)
            let socket = watched.socketPath
            let (longest, took) = try probe.longestRoundTrip(
                whileRunning: { connection in try waitLoaded(connection, since: began) }, on: socket)
            loadSeconds.append(took)
            loadHold = max(loadHold, longest)
            if run < starts - 1 { watched.stop() }
        }
        let pid = watched.process!.pid
        let connection = try watched.connect()
        let list = try connection.call(Method.calendarList, EmptyParams())
        Thread.sleep(forTimeInterval: 2)
        let pss = ProcessProbe.memoryMiB(pid: pid).pss
        // Idle: nothing rings for the next minutes (an alarm might, by chance: the window says so).
        let before = ProcessProbe.contextSwitches(pid: pid)
        Thread.sleep(forTimeInterval: 30)
        let wakeups = ProcessProbe.contextSwitches(pid: pid) - before
        // A week's agenda with the watched events in it: how long it takes, and how long it holds
        // the loop. (A month of them is more than the agenda lists: a month's view counts them.)
        let month = try TaskAgendaParams(
            from: Timestamp.rfc3339(WallTime(seconds: Date().timeIntervalSince1970)),
            to: Timestamp.rfc3339(WallTime(seconds: Date().timeIntervalSince1970 + 7 * 86_400)))
        let (agendaHold, (agenda, listed)) = try LoopProbe(watched).longestRoundTrip(
            whileRunning: { connection in
                var times: [Double] = []
                var listed = 0
                for _ in 0..<20 {
                    let sent = monotonicSeconds()
                    listed = try connection.call(Method.taskAgenda, month).items?.count ?? 0
                    times.append((monotonicSeconds() - sent) * 1000)
                }
                return (times, listed)
            }, on: watched.socketPath)
        // A month's counts, as `kitctl agenda --month` asks for them.
        let monthCounts = try TaskAgendaParams(
            from: Timestamp.rfc3339(WallTime(seconds: Date().timeIntervalSince1970)),
            to: Timestamp.rfc3339(WallTime(seconds: Date().timeIntervalSince1970 + 31 * 86_400)), countsOnly: true)
        var counted: [Double] = []
        var monthTotal = 0
        for _ in 0..<5 {
            let sent = monotonicSeconds()
            monthTotal = try connection.call(Method.taskAgenda, monthCounts).days?.reduce(0) { $0 + $1.count } ?? 0
            counted.append((monotonicSeconds() - sent) * 1000)
        }
        // A changed file, planned again: one whose alarm comes before any other is written (then
        // removed before it rings), timed to the calendar.next that tells it.
        let changes = try watched.connect()
        _ = try changes.call(Method.eventsSubscribe, SubscribeParams(events: [Event.calendarNext]))
        var replan: [Double] = []
        for index in 0..<20 {
            let probe = data.path + "/cal0/probe.ics"
            let written = monotonicSeconds()
            try CalendarFile.event("probe-\(index)", "probe-\(index)", alarmAt: Date().addingTimeInterval(4)).write(
                toFile: probe, atomically: true, encoding: .utf8)
            while let told = try changes.nextEvent(timeout: .seconds(5)) {
                if try told.decode(CalendarNextEvent.self).next?.title == "probe-\(index)" { break }
            }
            replan.append((monotonicSeconds() - written) * 1000)
            try FileManager.default.removeItem(atPath: probe)
            while let told = try changes.nextEvent(timeout: .seconds(5)) {
                if try told.decode(CalendarNextEvent.self).next?.title != "probe-\(index)" { break }
            }
        }
        // Every file planned again: a reload that changes default_alarm, probed for 3 s after.
        try "[calendars]\nwatch = [\"\(data.path)/*\"]\ndefault_alarm = \"5m\"\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let probe = try LoopProbe(watched)
        let (replanHold, _) = try probe.longestRoundTrip(
            whileRunning: { connection in
                _ = try connection.call(Method.daemonReload, EmptyParams())
                Thread.sleep(forTimeInterval: 3)
            }, on: watched.socketPath)
        watched.stop()
        let readyDelay = Sample(ready).median - Sample(plainReady).median
        let items = list.calendars.reduce(0) { $0 + $1.items }
        let agendaSample = Sample(agenda)
        return [
            Figure(
                name: "READY=1 watching \(collections) folders of \(events) events, later than without",
                target: "<= 300 ms",
                measured:
                    "\(format(readyDelay, 1)) ms (median \(format(Sample(ready).median, 1)) against \(format(Sample(plainReady).median, 1)) ms)",
                met: readyDelay <= 300),
            Figure(
                name: "  every file read and planned, on the worker (\(files) files, \(items) items)", target: "",
                measured: "median \(format(Sample(loadSeconds).median, 1)) s", met: nil),
            Figure(
                name: "  longest loop hold while they are read and planned", target: "< 50 ms",
                measured: "\(format(loadHold, 1)) ms round trip", met: loadHold < 50),
            Figure(
                name: "idle PSS watching them, more than without", target: "<= 3 MiB",
                measured: "\(format(pss - plainPSS, 1)) MiB (\(format(pss, 1)) against \(format(plainPSS, 1)) MiB)",
                met: pss - plainPSS <= 3),
            Figure(
                name: "kitd wake-ups in 30 s idle, watching them (\(list.plannedAlarms) alarms planned)",
                target: "0, give or take one", measured: "\(wakeups) context switches (all threads)",
                met: wakeups <= 1),
            Figure(
                name: "task.agenda of a week with them (\(listed) items), worked out on the worker", target: "",
                measured:
                    "p50 \(format(agendaSample.median, 1)) ms, p99 \(format(agendaSample.percentile(99), 1)) ms",
                met: nil),
            Figure(
                name: "  longest loop hold while 20 of them are answered", target: "< 50 ms",
                measured: "\(format(agendaHold, 1)) ms round trip", met: agendaHold < 50),
            Figure(
                name: "task.agenda's counts for 31 days (\(monthTotal) occurrences), counted on the worker", target: "",
                measured: "p50 \(format(Sample(counted).median, 1)) ms", met: nil),
            Figure(
                name: "a changed file: written → its alarm planned (calendar.next received)", target: "p99 < 50 ms",
                measured:
                    "p50 \(format(Sample(replan).median, 1)) ms, p99 \(format(Sample(replan).percentile(99), 1)) ms (20 changes)",
                met: Sample(replan).percentile(99) < 50),
            Figure(
                name: "every alarm planned again (a reload changes default_alarm): longest loop hold",
                target: "< 50 ms", measured: "\(format(replanHold, 1)) ms round trip", met: replanHold < 50),
        ]
    }
}
