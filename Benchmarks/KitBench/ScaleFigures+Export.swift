import Foundation
import KitClient
import KitProtocol
import KitTestSupport
import Synchronization

/// How long kitd's loop is held by one `task.export` of N tasks: the export is one reply with
/// every task, made on the loop.
extension ScaleFigures {
    static func export(sizes: [Int] = [10_000, 100_000]) throws -> [Figure] {
        var rows: [Figure] = []
        for size in sizes {
            let load = ProcessProbe.loadAverage()
            let daemon = try BenchDaemon()
            try daemon.start()
            daemon.stop()
            try TaskFigures.populate(daemon.databasePath, tasks: size, repeatingEvery: 2, spreadDays: 365)
            try daemon.start(limit: 300)
            defer { daemon.stop() }
            let prober = try daemon.connect()
            let probe = try prober.call(
                Method.timerStart, TimerStartParams(durationNs: 3_600_000_000_000, name: "probe"), as: TimerInfo.self)
            let probeParams = TimerRefParams(ref: String(probe.id))

            let socket = daemon.socketPath
            let finished = Atomic<Bool>(false)
            let outcome = Mutex<(seconds: Double, bytes: Int, error: String?)>((0, 0, nil))
            let thread = Thread {
                do {
                    let exporter = try KitConnection.connect(to: socket)
                    let began = monotonicSeconds()
                    let line = try exporter.callForLine(Method.taskExport, EmptyParams())
                    let seconds = monotonicSeconds() - began
                    outcome.withLock { $0 = (seconds, line.count, nil) }
                } catch {
                    outcome.withLock { $0.error = "\(error)" }
                }
                finished.store(true, ordering: .releasing)
            }
            thread.start()
            var longest = 0.0
            while !finished.load(ordering: .acquiring) {
                let sent = monotonicSeconds()
                _ = try prober.callForLine(Method.timerGet, probeParams)
                longest = max(longest, monotonicSeconds() - sent)
                usleep(1_000)
            }
            let result = outcome.withLock { $0 }
            if let error = result.error { throw HarnessError("the export failed: \(error)") }
            rows.append(
                Figure(
                    name: "`task.export` of \(size) tasks (load \(load)): longest `timer.get` round trip while it runs",
                    target: "report",
                    measured:
                        "\(format(longest * 1000)) ms; the export's own round trip \(format(result.seconds, 2)) s, "
                        + "a reply of \(result.bytes / 1_000_000) MB",
                    met: nil))
        }
        return rows
    }
}
