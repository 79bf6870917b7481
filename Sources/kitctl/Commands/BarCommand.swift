import ArgumentParser
import Glibc
import KitClient
import KitCore
import KitLocalization
import KitProtocol

/// `kitctl bar`: a status line for a bar, printed again whenever it changes. It starts with a
/// snapshot, follows kitd's events, redraws a countdown once a second only while a timer runs,
/// and waits for kitd to come back when it stops.
struct BarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bar",
        abstract: Localized.text("Stream a status line for a bar (waybar, i3blocks, polybar) until interrupted."),
        discussion: Localized.text(
            "Placeholders for --format: %s.\nWithout --format: what is going on, e.g. \"tea 3:12 left · 2 stopwatches · 1 task overdue\", or \"kit: idle\".\nWhile kitd is not running it prints \"kit: off\" and tries again every second.\nExample: kitctl bar --format '{timer} · {alarm}'",
            StatusFeed.placeholders.map { "{\($0.name)} \($0.meaning)" }.joined(separator: "; ")))

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp(Localized.text("The line, with {placeholders} (see below)."), valueName: "format"))
    var format: String?

    @Flag(
        help: ArgumentHelp(
            Localized.text("Print waybar's JSON (text, tooltip, class, percentage) instead of plain lines.")))
    var waybar = false

    func run() throws {
        if let format { try StatusFeed.validate(format) }
        var last: String?
        func show(_ line: String) {
            guard line != last else { return }
            last = line
            Terminal.writeLine(line)
        }
        while true {
            do {
                let connection = try KitConnection.connect(to: global.socketPath)
                try follow(connection, show: show)
            } catch .connectionLost, .notRunning, .timedOut {
                show(StatusFeed.offline(waybar: waybar))
                usleep(1_000_000)
            } catch {
                throw CLIError(error)
            }
        }
    }

    /// Shows the line from a snapshot, then again after each relevant event and each second a
    /// timer counts down; returns (throws) when kitd goes away.
    private func follow(_ connection: KitConnection, show: (String) -> Void) throws(ClientError) {
        _ = try connection.call(
            Method.eventsSubscribe, SubscribeParams(events: ["timer.*", "stopwatch.*", "task.*", "calendar.*"]))
        var feed = StatusFeed(
            status: try connection.call(Method.daemonStatus, EmptyParams()))
        while true {
            let now = TimerText.currentWallTime()
            do {
                show(waybar ? try feed.waybar(format: format, now: now) : try feed.line(format: format, now: now))
            } catch {
                show(error.message)
            }
            // Sleep until an event, or until the countdown's display changes.
            let wait = feed.remaining(now: now).map { left -> Duration in
                let fraction = left % Nanoseconds.second
                return (fraction == 0 ? Nanoseconds.second : fraction + Nanoseconds.millisecond).duration
            }
            guard try connection.nextEvent(timeout: wait) != nil else { continue }
            // A burst of events needs one snapshot.
            while try connection.nextEvent(timeout: .milliseconds(1)) != nil {}
            feed = StatusFeed(
                status: try connection.call(Method.daemonStatus, EmptyParams()))
        }
    }
}
