import Foundation
import KitClient
import KitProtocol

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
}
