import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: Localized.text("Show whether kitd runs, and what it is doing."),
        discussion: Localized.text("Example: kitctl status --format '{timer} · {alarm}'"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(
        help: ArgumentHelp(
            Localized.text(
                "Print one line for a status bar instead, with placeholders: %s (see `kitctl bar --help`). An empty format prints the default line.",
                StatusFeed.placeholders.map { "{\($0.name)}" }.joined(separator: " ")),
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
        let now = TimerText.currentWallTime()
        let uptime = LocaleDuration.text(status.uptimeNs, rounding: .down)
        var details = Details(
            Localized.text(
                "kitd %1$s (protocol %2$s), pid %3$s, up %4$s", status.version, String(status.protocolVersion),
                String(status.pid), uptime), minimumWidth: 15, gap: 1)
        details.add(Localized.text("socket:"), status.socket)
        details.add(Localized.text("database:"), status.database)
        var timers = Localized.text(
            "%1$s running, %2$s paused", String(status.timers.running), String(status.timers.paused))
        if let next = status.next {
            let left = DurationFormatter.clock(next.remainingNs)
            let at = Timestamp.parse(next.dueAt).map { LocalClock.short($0, now: now) } ?? next.dueAt
            timers += "; " + Localized.text("next: %1$s in %2$s (%3$s)", next.label, left, at)
        }
        details.add(Localized.text("timers:"), timers)
        if let stopwatches = status.stopwatches, stopwatches.total > 0 {
            details.add(
                Localized.text("stopwatches:"),
                Localized.text(
                    "%1$s running of %2$s", String(stopwatches.running), String(stopwatches.total)
                ))
        }
        if let tasks = status.tasks, tasks.open > 0 {
            var line = Localized.text("%1$s open, %2$s overdue", String(tasks.open), String(tasks.overdue))
            if let next = tasks.next, let until = next.snoozedUntil.flatMap(Timestamp.parse) {
                line +=
                    "; "
                    + Localized.text("next: %1$s, snoozed until %2$s", next.title, LocalClock.short(until, now: now))
            } else if let next = tasks.next, let due = Timestamp.parse(next.dueAt) {
                line += "; " + Localized.text("next: %1$s at %2$s", next.title, LocalClock.short(due, now: now))
            }
            details.add(Localized.text("tasks:"), line)
        }
        if let calendars = status.calendars {
            var line = Localized.plural("%d watched", "%d watched", calendars.calendars)
            if let next = calendars.next, let at = Timestamp.parse(next.at) {
                line +=
                    "; "
                    + Localized.text(
                        "next alarm: %1$s at %2$s (%3$s)", next.title, LocalClock.short(at, now: now), next.calendar)
            }
            details.add(Localized.text("calendars:"), line)
        }
        if let jobs = status.backgroundJobs, jobs > 0 {
            details.add(
                Localized.text("working:"),
                Localized.plural(
                    "%d job off the event loop (such as a calendar import)",
                    "%d jobs off the event loop (such as a calendar import)", jobs))
        }
        let notifications = status.notifications
        switch notifications.available {
        case .some(false):
            details.add(
                Localized.text("notifications:"),
                Localized.text("no server reached on the session bus (see README: Troubleshooting)"))
        default:
            let server = notifications.server ?? Localized.text("not asked yet")
            let caps =
                notifications.capabilities.isEmpty ? "" : " (\(notifications.capabilities.joined(separator: ", ")))"
            details.add(Localized.text("notifications:"), server + caps)
        }
        Terminal.writeLine(details.render())
    }
}
