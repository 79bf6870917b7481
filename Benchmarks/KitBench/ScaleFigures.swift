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
                    Method.timerStart, TimerStartParams(durationNs: Int64(7200 + index) * Nanoseconds.second))
            }
            perStart.append((size, (monotonicSeconds() - began) * 1_000_000 / Double(starts), ready))
            daemon.stop()
        }
        let base = perStart.first?.1 ?? 1
        let load = ProcessProbe.loadAverage()
        return perStart.map { size, micros, ready in
            Figure(
                name: "timer.start one at a time, \(size) pending (load \(load))", target: "≤ 1.5× the 10k figure",
                measured:
                    "\(format(micros, 1)) µs each, \(format(micros / base, 2))×; READY=1 in \(format(ready, 0)) ms",
                met: micros / base <= 1.5)
        }
    }

    /// Issue 14's scale table: `size` timers and `size` tasks filled straight into the database,
    /// then READY, memory and the cost of each operation at 10k, 100k and 1M, with the ratio of
    /// each to its 10k figure.
    static func table(sizes: [Int] = [10_000, 100_000, 1_000_000], operations: Int = 1000) throws -> [Figure] {
        var columns: [ScaleColumn] = []
        for size in sizes {
            FileHandle.standardError.write(Data("bench: scale: filling \(size) timers and \(size) tasks…\n".utf8))
            let daemon = try BenchDaemon()
            try daemon.start()
            daemon.stop()
            try Figures.populate(daemon.databasePath, timers: size)
            try TaskFigures.populate(daemon.databasePath, tasks: size, repeatingEvery: 2, spreadDays: 365)
            var column = ScaleColumn(size: size)
            // The first start works out every filled task's instants (as after migration v19): once.
            column.firstReady = try daemon.start(limit: 600) * 1000
            daemon.stop()
            var readies: [Double] = []
            for _ in 0..<3 {
                readies.append(try daemon.start() * 1000)
                daemon.stop()
            }
            column.ready = Sample(readies).median
            try daemon.start()
            Thread.sleep(forTimeInterval: 2)
            let pid = daemon.process!.pid
            column.memory = ProcessProbe.memoryMiB(pid: pid)
            let switches = ProcessProbe.contextSwitches(pid: pid)
            Thread.sleep(forTimeInterval: 5)
            column.idleWakeupsPerMinute = Double(ProcessProbe.contextSwitches(pid: pid) - switches) * 12
            let client = try daemon.connect()
            try listPages(client, into: &column)
            var startedIDs: [Int64] = []
            column.startOne = try perOperation(operations) { index in
                let timer = try client.call(
                    Method.timerStart, TimerStartParams(durationNs: Int64(7200 + index) * Nanoseconds.second))
                startedIDs.append(timer.id)
            }
            let began = monotonicSeconds()
            try Figures.pipeline(
                client,
                (0..<operations).map {
                    RequestEnvelope(
                        id: .number(1), method: Method.timerStart.name,
                        params: TimerStartParams(durationNs: Int64(9000 + $0) * Nanoseconds.second))
                }, window: 256)
            column.startPipelined = (monotonicSeconds() - began) * 1e6 / Double(operations)
            column.cancel = try perOperation(startedIDs.count) { index in
                _ = try client.call(
                    Method.timerCancel, RefParams(ref: String(startedIDs[index])))
            }
            column.taskAdd = try perOperation(operations) { index in
                _ = try client.call(
                    Method.taskAdd, TaskAddParams(title: "scale \(index)", due: "2031-03-0\(1 + index % 9) 09:00"))
            }
            column.getByTitle = try perOperation(operations) { index in
                _ = try client.call(
                    Method.taskGet, RefParams(ref: "TASK \(index * (size / operations))"))
            }
            column.importSmall = try perOperation(operations / 50) { index in
                _ = try client.callForLine(
                    Method.taskImport, TaskImportParams(ics: CalendarFigures.todos(count: 10, prefix: "scale\(index)")))
            }
            column.load = ProcessProbe.loadAverage()
            daemon.stop()
            columns.append(column)
        }
        return ScaleColumn.figures(columns)
    }

    /// `timer.list` in pages: the whole list walked 10,000 timers a page (its time and the
    /// longest page's round trip), then the cost of one page of 1000, the first and one nine
    /// tenths down the list. The replies are not decoded; only `next` is read, at their end.
    private static func listPages(_ client: KitConnection, into column: inout ScaleColumn) throws {
        var cursors: [String] = []
        var longest = 0.0
        let began = monotonicSeconds()
        var after: String?
        repeat {
            let sent = monotonicSeconds()
            let line = try client.callForLine(Method.timerList, TimerListParams(limit: 10_000, after: after))
            longest = max(longest, monotonicSeconds() - sent)
            after = nextCursor(line)
            if let after { cursors.append(after) }
        } while after != nil
        column.listWhole = (monotonicSeconds() - began, longest * 1000)
        let deep = cursors.isEmpty ? nil : cursors[cursors.count * 9 / 10]
        column.listFirst = try perOperation(100) { _ in
            _ = try client.callForLine(Method.timerList, TimerListParams())
        }
        column.listDeep = try perOperation(100) { _ in
            _ = try client.callForLine(Method.timerList, TimerListParams(after: deep))
        }
    }

    /// The `next` of a `timer.list` reply line, the last member of its result.
    private static func nextCursor(_ line: [UInt8]) -> String? {
        let tail = line.suffix(160)
        guard let marker = tail.firstRange(of: Array("\"next\":\"".utf8)),
            let end = tail[marker.upperBound...].firstIndex(of: UInt8(ascii: "\""))
        else { return nil }
        return String(decoding: tail[marker.upperBound..<end], as: UTF8.self)
    }

    /// Microseconds per call of `body`, run `count` times one after another: the median of five
    /// runs of a fifth each, so that one slow fsync on this VM's disk does not set the figure.
    private static func perOperation(_ count: Int, _ body: (Int) throws -> Void) throws -> Double {
        let chunk = max(1, count / 5)
        var means: [Double] = []
        for start in stride(from: 0, to: count, by: chunk) {
            let began = monotonicSeconds()
            for index in start..<min(start + chunk, count) { try body(index) }
            means.append((monotonicSeconds() - began) * 1e6 / Double(min(chunk, count - start)))
        }
        return Sample(means).median
    }
}
