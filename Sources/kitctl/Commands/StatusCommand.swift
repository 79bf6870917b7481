import ArgumentParser
import KitCore
import KitProtocol

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show whether kitd runs, and what it is doing.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let status = try global.call(Method.daemonStatus, EmptyParams(), as: DaemonStatusResult.self)
        if output.json { return try JSONOutput.print(status) }
        let uptime = DurationFormatter.compact(status.uptimeNs, rounding: .down)
        var lines = [
            "kitd \(status.version) (protocol \(status.protocolVersion)), pid \(status.pid), up \(uptime)",
            "socket:        \(status.socket)",
            "database:      \(status.database)",
        ]
        var timers = "\(status.timers.running) running, \(status.timers.paused) paused"
        if let next = status.next {
            let left = DurationFormatter.clock(next.remainingNs)
            let at =
                Timestamp.parse(next.dueAt).map {
                    ClockText.short($0, now: TimerText.currentWallTime(), in: LocalZone())
                } ?? next.dueAt
            timers += "; next: \(next.label) in \(left) (\(at))"
        }
        lines.append("timers:        \(timers)")
        if let jobs = status.backgroundJobs, jobs > 0 {
            lines.append(
                "working:       \(jobs) job\(jobs == 1 ? "" : "s") off the event loop (such as a calendar import)")
        }
        let notifications = status.notifications
        switch notifications.available {
        case .some(false):
            lines.append("notifications: no server reached on the session bus (see README: Troubleshooting)")
        default:
            let server = notifications.server ?? "not asked yet"
            let caps =
                notifications.capabilities.isEmpty ? "" : " (\(notifications.capabilities.joined(separator: ", ")))"
            lines.append("notifications: \(server)\(caps)")
        }
        Terminal.writeLine(lines.joined(separator: "\n"))
    }
}
