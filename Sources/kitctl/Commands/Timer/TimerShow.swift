import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct TimerShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: Localized.text("Show one timer."),
        discussion: Localized.text("Example: kitctl timer show 차"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<TimerRefs>

    func run() throws {
        let timer = try global.call(Method.timerGet, TimerRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(timer) }
        let now = TimerText.currentWallTime()
        func local(_ text: String?) -> String {
            guard let text, let instant = Timestamp.parse(text) else { return "-" }
            return LocalClock.short(instant, now: now)
        }
        var details = Details(Localized.text("timer %s", TimerText.reference(timer)))
        details.add(
            Localized.text("state:"),
            StateWords.timer(timer.state) + (timer.late == true ? " " + Localized.text("(late)") : ""))
        details.add(Localized.text("length:"), LocaleDuration.text(timer.durationNs))
        details.add(Localized.text("left:"), TimerText.remaining(timer))
        details.add(Localized.text("started:"), local(timer.createdAt))
        if timer.dueAt != nil { details.add(Localized.text("due:"), local(timer.dueAt)) }
        if timer.firedAt != nil { details.add(Localized.text("fired:"), local(timer.firedAt)) }
        if timer.cancelledAt != nil { details.add(Localized.text("cancelled:"), local(timer.cancelledAt)) }
        if let sound = timer.sound { details.add(Localized.text("sound:"), sound) }
        Terminal.writeLine(details.render())
    }
}
