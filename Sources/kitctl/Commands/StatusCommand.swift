import ArgumentParser
import KitCore
import KitProtocol

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show whether kitd runs, and what it is doing.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(
        help: ArgumentHelp(
            "Print one line for a status bar instead, with placeholders: "
                + StatusFeed.placeholders.map { "{\($0.name)}" }.joined(separator: " ")
                + " (see `kitctl bar --help`). An empty format prints the default line.",
            valueName: "format"))
    var format: String?

    func run() throws {
        if let format, !format.isEmpty { try StatusFeed.validate(format) }
        let status = try global.call(Method.daemonStatus, EmptyParams())
        if output.json { return try JSONOutput.print(status) }
        if let format {
            let feed = StatusFeed(status: status)
            return Terminal.writeLine(
                try feed.line(format: format.isEmpty ? nil : format, now: TimerText.currentWallTime()))
        }
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
                    LocalClock.short($0, now: TimerText.currentWallTime())
                } ?? next.dueAt
            timers += "; next: \(next.label) in \(left) (\(at))"
        }
        lines.append("timers:        \(timers)")
        if let stopwatches = status.stopwatches, stopwatches.total > 0 {
            lines.append("stopwatches:   \(stopwatches.running) running of \(stopwatches.total)")
        }
        if let tasks = status.tasks, tasks.open > 0 {
            var line = "\(tasks.open) open, \(tasks.overdue) overdue"
            if let next = tasks.next, let due = Timestamp.parse(next.dueAt) {
                line +=
                    "; next: \(next.title) at \(LocalClock.short(due, now: TimerText.currentWallTime()))"
            }
            lines.append("tasks:         \(line)")
        }
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
