import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitTestSupport

/// Issue 31's figures: how soon a phone's change reaches kit through a real server, and what the
/// merge of one changed file costs as the vdir grows.
enum SyncFigures {
    /// A kitd keeping its tasks in a vdir (no sync command: the bench runs vdirsyncer itself, so
    /// that the figure starts when vdirsyncer's run ends).
    static func daemon() throws -> (BenchDaemon, vdir: String) {
        let daemon = try BenchDaemon()
        let vdir = try daemon.root.subdirectory("vdir")
        let config = daemon.root.path + "/config.toml"
        try "[vdir]\ntasks = \"\(vdir)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        daemon.extraArguments = ["--config", config]
        try daemon.start()
        return (daemon, vdir)
    }

    /// Waits until the task `id` satisfies `condition`, polling `task.get`; the seconds it took
    /// from `start`.
    static func waitForTask(
        _ connection: KitConnection, id: Int64, since start: Double, _ condition: (TaskInfo) -> Bool
    ) throws -> Double {
        while true {
            let task = try connection.call(Method.taskGet, RefParams(ref: String(id)))
            if condition(task) { return monotonicSeconds() - start }
            if monotonicSeconds() - start > 10 { throw HarnessError("the change never reached task \(id)") }
            usleep(200)
        }
    }

    /// Over `rounds` rounds, a phone completes the current occurrence of a daily task on a
    /// Radicale server (Tasks.org's shape: DTSTART and DUE moved on a day, SEQUENCE up, its own
    /// LAST-MODIFIED), vdirsyncer syncs kit's vdir with the server, and the time from the end of
    /// vdirsyncer's run to `task.get` showing the next occurrence is taken.
    static func phoneCompletion(rounds: Int = 50) throws -> [Figure] {
        let server = try RadicaleServer()
        defer { server.stop() }
        let (daemon, vdir) = try daemon()
        defer { daemon.stop() }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": daemon.root.path, "LANG": "C.UTF-8"]
        let pair = try Vdirsyncer(
            server: server, vdirs: [("tasks", vdir)], directory: daemon.root.path, environment: environment)
        let vdirsyncer = { (arguments: [String]) throws in
            let result = try Subprocess.run(
                "/usr/bin/vdirsyncer", ["-c", pair.config] + arguments, environment: environment,
                outputDirectory: daemon.root.path, timeout: .seconds(60))
            guard result.exitCode == 0 else { throw HarnessError("vdirsyncer \(arguments): \(result)") }
        }
        let connection = try daemon.connect()
        let task = try connection.call(
            Method.taskAdd, TaskAddParams(title: "water the plants", due: "2030-01-01 09:00", repeat: "daily"))
        // Kit's file written, then uploaded.
        _ = try waitForFile(vdir + "/" + task.uid + ".ics")
        try vdirsyncer(["sync", "kit"])
        // Each `task.changed`, stamped on the wall clock as it arrives, on a thread of its own.
        let events = try daemon.connect()
        _ = try events.call(
            Method.eventsSubscribe, SubscribeParams(events: [Event.taskChanged]))
        let stamps = WallStamps()
        let listener = Thread { [events = UncheckedBox(events)] in
            while let line = try? events.value.readLine(timeout: .seconds(120)), !line.isEmpty {
                stamps.append(Date().timeIntervalSince1970)
            }
        }
        listener.start()
        var latencies: [Double] = []
        var fromWrite: [Double] = []
        var day = DateComponents(calendar: Calendar(identifier: .gregorian), year: 2030, month: 1, day: 1).date!
        let dayText = { (date: Date) -> String in
            let format = DateFormatter()
            format.timeZone = TimeZone(identifier: "UTC")
            format.dateFormat = "yyyyMMdd"
            return format.string(from: date)
        }
        for round in 0..<rounds {
            let next = day.addingTimeInterval(86_400)
            let (name, text) = try server.item("tasks", uid: task.uid).orThrow("the task is not on the server")
            let stamp = ICalendarText.utc(WallTime(nanoseconds: Int64(Date().timeIntervalSince1970 * 1e9)))
            var lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
            for index in lines.indices {
                let line = lines[index]
                if line.hasPrefix("DTSTART") || line.hasPrefix("DUE") {
                    lines[index] = line.replacingOccurrences(of: dayText(day) + "T", with: dayText(next) + "T")
                } else if line.hasPrefix("LAST-MODIFIED") || line.hasPrefix("DTSTAMP") {
                    lines[index] = String(line.prefix { $0 != ":" }) + ":" + stamp
                } else if line.hasPrefix("SEQUENCE:") {
                    lines[index] = "SEQUENCE:\(round + 100)"
                }
            }
            try server.put("tasks", name: name, text: lines.joined(separator: "\r\n"))
            try vdirsyncer(["sync", "kit"])
            let start = monotonicSeconds()
            let expected = Timestamp.rfc3339(
                WallTime(nanoseconds: Int64(next.timeIntervalSince1970 * 1e9) + 9 * Nanoseconds.hour.value))
            latencies.append(try waitForTask(connection, id: task.id, since: start) { $0.dueAt == expected } * 1000)
            // From vdirsyncer's write of the file (its change time) to kit's `task.changed`.
            var info = stat()
            guard stat(vdir + "/" + task.uid + ".ics", &info) == 0 else { throw HarnessError("stat: \(errno)") }
            let written = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
            guard Subprocess.waitUntil(timeout: .seconds(10), { stamps.count > round }) else {
                throw HarnessError("no task.changed for round \(round)")
            }
            fromWrite.append((stamps.last - written) * 1000)
            day = next
        }
        let sample = Sample(latencies)
        let written = Sample(fromWrite)
        return [
            Figure(
                name: "phone completes a repeating task on Radicale → end of vdirsyncer's run → kit lists the next "
                    + "occurrence, \(rounds) rounds (`sync-phone`)",
                target: "under 1 s",
                measured: "p50 \(format(sample.median)) ms, p99 \(format(sample.percentile(99))) ms, "
                    + "max \(format(sample.max)) ms",
                met: sample.percentile(99) < 1000),
            Figure(
                name: "the same, from vdirsyncer's write of the file (its change time) to kit's `task.changed` "
                    + "(inotify, the 20 ms read delay, the read, the merge, the commit)",
                target: "", measured: "p50 \(format(written.median)) ms, p99 \(format(written.percentile(99))) ms",
                met: nil),
        ]
    }

    /// With `sizes` tasks in the vdir, another program changes one task's file `edits` times (a
    /// new title, as vdirsyncer writes a file: a hidden temporary file, renamed): the time from the
    /// rename to `task.get` showing it, which holds reading the file, its base, the merge and the
    /// commit. It must not grow with the vdir.
    static func mergePerFile(sizes: [Int] = [10, 10_000], edits: Int = 100) throws -> [Figure] {
        var medians: [Double] = []
        var rows: [Figure] = []
        for size in sizes {
            let (daemon, vdir) = try daemon()
            defer { daemon.stop() }
            let connection = try daemon.connect()
            var imported = 0
            while imported < size {
                let count = min(2_000, size - imported)
                _ = try connection.callForLine(
                    Method.taskImport,
                    TaskImportParams(ics: CalendarFigures.todos(count: count, prefix: "merge\(imported)")))
                imported += count
            }
            // Every file written, and with it each file's base.
            let written = Subprocess.waitUntil(timeout: .seconds(300)) {
                ((try? FileManager.default.contentsOfDirectory(atPath: vdir)) ?? []).filter { $0.hasSuffix(".ics") }
                    .count >= size
            }
            guard written else { throw HarnessError("kitd did not write the \(size) files") }
            Thread.sleep(forTimeInterval: 2)
            let bytes = Self.databaseBytes(daemon)
            let uid = "merge0-0@bench"
            // The first task imported: id 1.
            let first = try connection.call(Method.taskGet, RefParams(ref: "1"))
            guard first.uid == uid else { throw HarnessError("task 1 is \(first.uid), not \(uid)") }
            let id = first.id
            let file = vdir + "/" + uid + ".ics"
            var text = try String(contentsOfFile: file, encoding: .utf8)
            var latencies: [Double] = []
            for edit in 0..<edits {
                let title = "Errand 0, edit \(edit)"
                text = text.replacingOccurrences(
                    of: edit == 0 ? "SUMMARY:Errand 0\r\n" : "SUMMARY:Errand 0, edit \(edit - 1)\r\n",
                    with: "SUMMARY:\(title)\r\n")
                let temporary = vdir + "/.bench.tmp"
                try text.write(toFile: temporary, atomically: false, encoding: .utf8)
                let start = monotonicSeconds()
                guard rename(temporary, file) == 0 else { throw HarnessError("rename: \(errno)") }
                latencies.append(try waitForTask(connection, id: id, since: start) { $0.title == title } * 1000)
            }
            let sample = Sample(latencies)
            medians.append(sample.median)
            rows.append(
                Figure(
                    name: "one task file changed outside → merged against its base → `task.get` shows it, "
                        + "\(size) tasks in the vdir, \(edits) edits (`sync-merge`)",
                    target: "within 1 s",
                    measured: "p50 \(format(sample.median)) ms, p99 \(format(sample.percentile(99))) ms; database "
                        + "\(format(Double(bytes) / 1_048_576, 1)) MiB with the files' bases",
                    met: sample.percentile(99) < 1000))
        }
        if medians.count == 2 {
            let ratio = medians[1] / medians[0]
            rows.append(
                Figure(
                    name: "the merge of one changed file, \(sizes[1]) tasks in the vdir against \(sizes[0])",
                    target: "does not grow (< 1.5x)", measured: "\(format(ratio, 2))x", met: ratio < 1.5))
        }
        return rows
    }

    /// The database's size on disk, its WAL included.
    private static func databaseBytes(_ daemon: BenchDaemon) -> Int {
        [daemon.databasePath, daemon.databasePath + "-wal"].reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }

    private static func waitForFile(_ path: String) throws -> Bool {
        guard Subprocess.waitUntil(timeout: .seconds(10), { FileManager.default.fileExists(atPath: path) }) else {
            throw HarnessError("kitd did not write \(path)")
        }
        return true
    }
}

/// Wall-clock times appended by one thread and read by another.
private final class WallStamps: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double] = []

    func append(_ time: Double) { lock.withLock { times.append(time) } }
    var count: Int { lock.withLock { times.count } }
    var last: Double { lock.withLock { times.last ?? 0 } }
}

/// A value handed to the one thread that uses it from then on.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension Optional {
    fileprivate func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw HarnessError(message) }
        return self
    }
}
