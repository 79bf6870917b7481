import Foundation
import KitClient
import KitProtocol
import KitTestSupport

/// Issue 4's figures: listing 1,000 stopwatches from the shell, and an idle kitd with 100 running.
enum StopwatchFigures {
    static func create(_ count: Int, running: (Int) -> Bool, on daemon: BenchDaemon) throws {
        let client = try daemon.connect()
        try Figures.pipeline(
            client,
            (0..<count).map {
                RequestEnvelope(
                    id: .number(1), method: Method.stopwatchCreate.name,
                    params: StopwatchCreateParams(name: "sw-\($0)", start: running($0)))
            })
    }

    static func listCommand(runs: Int = 40) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        try create(1000, running: { $0 % 10 == 0 }, on: daemon)
        let (times, _) = try daemon.timeKitctl(["sw", "list"], runs: runs)
        daemon.stop()
        let sample = Sample(times)
        return [
            Figure(
                name: "`kitctl sw list` with 1,000 stopwatches, whole command (\(runs) runs)", target: "report",
                measured: "median \(format(sample.median)) ms, p90 \(format(sample.percentile(90))) ms", met: nil)
        ]
    }

    static func idleWakeups(running: Int = 100, seconds: Double = 30) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        try create(running, running: { _ in true }, on: daemon)
        Thread.sleep(forTimeInterval: 2)
        let pid = daemon.process!.pid
        let before = ProcessProbe.contextSwitches(pid: pid)
        Thread.sleep(forTimeInterval: seconds)
        let after = ProcessProbe.contextSwitches(pid: pid)
        daemon.stop()
        return [
            Figure(
                name: "kitd wake-ups in \(Int(seconds)) s idle, \(running) running stopwatches, no notice due",
                target: "0", measured: "\(after - before) context switches (all threads)", met: after - before <= 1)
        ]
    }
}
