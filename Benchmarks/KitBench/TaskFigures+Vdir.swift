import Foundation
import KitClient
import KitCore
import KitProtocol
import KitTestSupport

/// Issue 18's figure: what keeping tasks in a vdir adds to each local task write.
extension TaskFigures {
    /// `task.add` + `task.delete` pairs from `clients` clients for `seconds`, with kitd keeping no
    /// vdir and then keeping its tasks in one: pairs per second, and the time each pair takes.
    static func vdirWriteCost(clients: Int = 8, seconds: Double = 5) throws -> [Figure] {
        var rates: [Double] = []
        for mirrored in [false, true] {
            let daemon = try BenchDaemon()
            if mirrored {
                let vdir = try daemon.root.subdirectory("vdir")
                let config = daemon.root.path + "/config.toml"
                try "[vdir]\ntasks = \"\(vdir)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
                daemon.extraArguments = ["--config", config]
            }
            try daemon.start()
            let (pairs, failed) = Figures.rounds(socket: daemon.socketPath, clients: clients, seconds: seconds) {
                connection, index, serial in
                let task = try connection.call(
                    Method.taskAdd, TaskAddParams(title: "w\(index)-\(serial)", due: "in 2h"))
                _ = try connection.call(
                    Method.taskDelete, RefParams(ref: String(task.id)))
            }
            guard failed == 0 else { throw HarnessError("\(failed) clients' task writes failed") }
            rates.append(Double(pairs) / seconds)
            daemon.stop()
        }
        let extra = (rates[0] / rates[1] - 1) * 100
        return [
            Figure(
                name: "`task.add` + `task.delete` pairs, \(clients) clients, each reply after its fsync'd commit, "
                    + "no vdir / tasks kept in a vdir (`vdir-writes`)",
                target: "< 20 % more per write",
                measured: "\(Int(rates[0])) / \(Int(rates[1])) pairs/s: \(format(extra, 1)) % more time per pair",
                met: extra < 20)
        ]
    }
}

extension TaskFigures {
    /// Issue 18's figure: from a task file written into the vdir (as vdirsyncer writes one: a
    /// hidden temporary file, renamed) to `task.list` showing the change, over `edits` edits of
    /// one task, each a newer version with a new title.
    static func vdirReadLatency(edits: Int = 200) throws -> [Figure] {
        let (daemon, vdir) = try SyncFigures.daemon()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let task = try connection.call(
            Method.taskAdd, TaskAddParams(title: "edit -1", due: "2030-01-15 09:00"))
        let file = vdir + "/" + task.uid + ".ics"
        let base = WallTime(nanoseconds: Int64(Date().timeIntervalSince1970 * 1e9)) + .minute
        var latencies: [Double] = []
        for edit in 0..<edits {
            let stamp = ICalendarText.utc(base + Int64(edit) * Nanoseconds.second)
            let text = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "BEGIN:VTODO", "UID:\(task.uid)",
                "DTSTAMP:\(stamp)", "LAST-MODIFIED:\(stamp)", "SUMMARY:edit \(edit)", "DUE:20300115T090000Z",
                "END:VTODO", "END:VCALENDAR", "",
            ].joined(separator: "\r\n")
            let temporary = vdir + "/.bench.tmp"
            try text.write(toFile: temporary, atomically: false, encoding: .utf8)
            let start = monotonicSeconds()
            guard rename(temporary, file) == 0 else { throw HarnessError("rename: \(errno)") }
            while true {
                let listed = try connection.call(
                    Method.taskList, TaskListParams(filter: .all))
                if listed.tasks.first?.title == "edit \(edit)" { break }
                if monotonicSeconds() - start > 10 { throw HarnessError("edit \(edit) never showed in task.list") }
                usleep(200)
            }
            latencies.append((monotonicSeconds() - start) * 1000)
        }
        let sample = Sample(latencies)
        return [
            Figure(
                name: "task file written into the vdir → visible in `task.list`, \(edits) edits (`vdir-read`)",
                target: "within 1 s",
                measured: "p50 \(format(sample.median)) ms, p99 \(format(sample.percentile(99))) ms, "
                    + "max \(format(sample.max)) ms",
                met: sample.percentile(99) < 1000)
        ]
    }
}

extension TaskFigures {
    /// Issue 18's figure: kitd's wake-ups over `seconds` idle with a sync command configured and
    /// nothing changing, with the interval off (nothing at all should wake it), and every
    /// `interval` (only the runs should). The command is `true`: the figure is kitd's, not
    /// vdirsyncer's. 1,000 tasks wait in the vdir meanwhile.
    static func syncIdleWakeups(seconds: Double = 30, interval: Int = 10) throws -> [Figure] {
        var rows: [Figure] = []
        for every in [nil, interval] {
            let daemon = try BenchDaemon()
            let vdir = try daemon.root.subdirectory("vdir")
            let runs = daemon.root.path + "/runs"
            let config = daemon.root.path + "/config.toml"
            try """
            [vdir]
            tasks = "\(vdir)"

            [sync]
            command = "echo run >> \(runs)"
            interval = "\(every.map { "\($0)s" } ?? "off")"
            after_change = "off"
            """.write(toFile: config, atomically: true, encoding: .utf8)
            daemon.extraArguments = ["--config", config]
            try daemon.start()
            defer { daemon.stop() }
            let connection = try daemon.connect()
            for index in 0..<1000 {
                _ = try connection.call(
                    Method.taskAdd, TaskAddParams(title: "t\(index)", due: "2030-01-15 09:00"))
            }
            // The vdir written, and the first run (5 s after start) over.
            Thread.sleep(forTimeInterval: 7)
            let pid = daemon.process!.pid
            let runsBefore = Self.lines(runs)
            let before = ProcessProbe.contextSwitches(pid: pid)
            Thread.sleep(forTimeInterval: seconds)
            let switches = ProcessProbe.contextSwitches(pid: pid) - before
            let ran = Self.lines(runs) - runsBefore
            if let every {
                rows.append(
                    Figure(
                        name: "kitd wake-ups in \(Int(seconds)) s idle, sync every \(every) s, 1,000 tasks in the vdir "
                            + "(`sync-idle`)",
                        target: "only the runs",
                        measured: "\(switches) context switches (all threads) for \(ran) runs: "
                            + "\(ran > 0 ? format(Double(switches) / Double(ran), 1) : "-") a run",
                        met: ran >= Int(seconds) / every - 1 && switches <= ran * 40))
            } else {
                rows.append(
                    Figure(
                        name: "kitd wake-ups in \(Int(seconds)) s idle, sync configured with the interval off",
                        target: "0, give or take one", measured: "\(switches) context switches, \(ran) runs",
                        met: switches <= 1 && ran == 0))
            }
        }
        return rows
    }

    private static func lines(_ path: String) -> Int {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").count
    }
}

extension TaskFigures {
    /// What kit's own SHA-256 costs (it names vdir files in the sync ledger and place images):
    /// 64 MiB hashed whole, and 5,000 vdir-sized files of 2 KiB, the best of `runs`.
    static func sha256Throughput(runs: Int = 5) throws -> [Figure] {
        var generator = Xoshiro256StarStar(seed: 11)
        let large = (0..<(64 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next(below: 256)) }
        let files = (0..<5_000).map { index in Array(large[(index * 2048)..<(index * 2048 + 2048)]) }
        var bestLarge = Double.infinity
        var bestFiles = Double.infinity
        var names = 0
        for _ in 0..<runs {
            var start = monotonicSeconds()
            names += SHA256.hex(large).count
            bestLarge = min(bestLarge, monotonicSeconds() - start)
            start = monotonicSeconds()
            for file in files { names += SHA256.hex(file).count }
            bestFiles = min(bestFiles, monotonicSeconds() - start)
        }
        guard names == 64 * runs * (1 + files.count) else { throw HarnessError("a digest was not 64 hex digits") }
        return [
            Figure(
                name: "SHA-256: 64 MiB, and a ledger of 5,000 2-KiB vdir files (`sha256`)",
                target: "5,000 files within 100 ms (off the loop)",
                measured: "\(format(64 / bestLarge)) MiB/s; 5,000 files in \(format(bestFiles * 1000)) ms",
                met: bestFiles < 0.1)
        ]
    }
}
