import ArgumentParser
import KitClient
import KitCore
import KitLocalization
import KitProtocol

struct TimerWait: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait", abstract: Localized.text("Wait until a timer fires, with a live countdown on a terminal."),
        discussion: Localized.text(
            "Exits 0 when the timer fires, 2 if it is cancelled. Ctrl-C stops waiting (exit 130) and leaves the timer running. Off a terminal it prints one plain line per change instead of a live display.\nExample: kitctl timer wait 차"
        ))

    @OptionGroup var global: GlobalOptions

    @OptionGroup var one: OneRef<TimerRefs>

    func run() throws {
        Interrupt.install()
        let connection = try global.connect()
        do {
            _ = try connection.call(
                Method.eventsSubscribe, SubscribeParams(events: ["timer.*"]))
            let timer = try connection.call(Method.timerGet, RefParams(ref: one.ref))
            var display = WaitDisplay(timer: timer, live: Terminal.isInteractive)
            try display.follow(connection)
        } catch let error as ClientError {
            throw CLIError(error)
        }
    }
}
