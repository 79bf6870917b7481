import Foundation
import KitClient
import KitProtocol
import KitTestSupport

/// How long kitd's loop is held by one `task.export` of N tasks: the export is one reply with
/// every task, made on the worker (it was made on the loop).
extension ScaleFigures {
    static func export(sizes: [Int] = [10_000, 100_000]) throws -> [Figure] {
        var rows: [Figure] = []
        for size in sizes {
            let load = ProcessProbe.loadAverage()
            let daemon = try BenchDaemon()
            try startFilled(daemon, tasks: size)
            defer { daemon.stop() }
            let probe = try LoopProbe(daemon)
            let (longest, export) = try probe.longestRoundTrip(
                whileRunning: { exporter in
                    let began = monotonicSeconds()
                    let line = try exporter.callForLine(Method.taskExport, EmptyParams())
                    return (seconds: monotonicSeconds() - began, bytes: line.count)
                }, on: daemon.socketPath)
            rows.append(
                Figure(
                    name: "`task.export` of \(size) tasks (load \(load)): longest `timer.get` round trip while it runs",
                    target: "report",
                    measured:
                        "\(format(longest)) ms; the export's own round trip \(format(export.seconds, 2)) s, "
                        + "a reply of \(export.bytes / 1_000_000) MB",
                    met: nil))
        }
        return rows
    }
}
