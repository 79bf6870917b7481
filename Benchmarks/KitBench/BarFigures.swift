import Foundation
import KitProtocol
import KitTestSupport

/// What `kitctl bar --waybar` costs: wake-ups of kitd and of the bar per minute, with nothing
/// running and with one timer counting down, and how soon a change reaches the bar.
enum BarFigures {
    static func wakeups(seconds: Double = 30) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        var env = daemon.environment
        env.removeValue(forKey: "NOTIFY_SOCKET")
        let bar = try Subprocess(
            Binaries.kitctl, ["bar", "--waybar"], environment: env, outputDirectory: daemon.root.path, name: "bar")
        defer { bar.stop() }
        Thread.sleep(forTimeInterval: 1)
        let kitd = daemon.process!.pid
        func perMinute() -> (kitd: Double, bar: Double) {
            let before = (ProcessProbe.contextSwitches(pid: kitd), ProcessProbe.contextSwitches(pid: bar.pid))
            Thread.sleep(forTimeInterval: seconds)
            let after = (ProcessProbe.contextSwitches(pid: kitd), ProcessProbe.contextSwitches(pid: bar.pid))
            return (Double(after.0 - before.0) * 60 / seconds, Double(after.1 - before.1) * 60 / seconds)
        }
        let idle = perMinute()

        // A change: how long until the bar prints it.
        let client = try daemon.connect()
        let lines = bar.stdout.split(separator: "\n").count
        let began = monotonicSeconds()
        _ = try client.call(
            Method.timerStart, TimerStartParams(durationNs: .hour, name: "tea"))
        while bar.stdout.split(separator: "\n").count == lines && monotonicSeconds() < began + 5 { usleep(200) }
        let update = (monotonicSeconds() - began) * 1000
        Thread.sleep(forTimeInterval: 0.5)
        let counting = perMinute()
        daemon.stop()
        let load = ProcessProbe.loadAverage()
        return [
            Figure(
                name: "kitctl bar --waybar, nothing running: wake-ups per minute (load \(load))", target: "kitd 0",
                measured: "kitd \(format(idle.kitd, 1)), bar \(format(idle.bar, 1))", met: idle.kitd < 1),
            Figure(
                name: "  one timer counting down", target: "kitd 0, bar ≈ 60",
                measured: "kitd \(format(counting.kitd, 1)), bar \(format(counting.bar, 1))",
                met: counting.kitd < 1),
            Figure(
                name: "  timer.start → the bar's new line (polled every 0.2 ms)", target: "< 100 ms",
                measured: "\(format(update, 1)) ms", met: update < 100),
        ]
    }
}
