import ArgumentParser
import KitCore
import KitProtocol

struct TimerShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one timer.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The timer's id or name.", valueName: "ref"), completion: .custom(RefCompletion.timers))
    var ref: String

    func run() throws {
        let timer = try global.call(Method.timerGet, TimerRefParams(ref: ref))
        if output.json { return try JSONOutput.print(timer) }
        let now = TimerText.currentWallTime()
        func local(_ text: String?) -> String {
            guard let text, let instant = Timestamp.parse(text) else { return "-" }
            return LocalClock.short(instant, now: now)
        }
        var lines = [
            "timer \(timer.id)" + (timer.name.map { " (\($0))" } ?? ""),
            "state:    \(timer.state)" + (timer.late == true ? " (late)" : ""),
            "length:   \(DurationFormatter.compact(timer.durationNs))",
            "left:     \(TimerText.remaining(timer))",
            "started:  \(local(timer.createdAt))",
        ]
        if timer.dueAt != nil { lines.append("due:      \(local(timer.dueAt))") }
        if timer.firedAt != nil { lines.append("fired:    \(local(timer.firedAt))") }
        if timer.cancelledAt != nil { lines.append("cancelled: \(local(timer.cancelledAt))") }
        if let sound = timer.sound { lines.append("sound:    \(sound)") }
        Terminal.writeLine(lines.joined(separator: "\n"))
    }
}
