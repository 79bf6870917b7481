import ArgumentParser
import KitCore
import KitProtocol

struct TaskSnooze: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze", abstract: "Bring the popup back later: after a while, or until a time.",
        discussion:
            "kitctl task snooze 3            (the configured default)\nkitctl task snooze 3 10m\nkitctl task snooze 3 until tomorrow 9:00"
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The task's id.", valueName: "ref"), completion: .custom(RefCompletion.taskIDs))
    var ref: String

    @Argument(help: ArgumentHelp("A duration, or 'until WHEN'.", valueName: "how-long"))
    var howLong: [String] = []

    func run() throws {
        var params = TaskSnoozeParams(ref: ref)
        if howLong.first == "until" {
            let when = howLong.dropFirst().joined(separator: " ")
            params.until = try TaskArguments.when(when)
        } else if !howLong.isEmpty {
            params.for = try TaskArguments.duration(howLong.joined(separator: " "))
        }
        let task = try global.call(Method.taskSnooze, params)
        if output.json { return try JSONOutput.print(task) }
        let until = task.snoozedUntil.flatMap(Timestamp.parse).map {
            LocalClock.brief($0, now: TimerText.currentWallTime())
        }
        Terminal.writeLine("Snoozed \(task.title)" + (until.map { " until \($0)" } ?? ""))
    }
}
