import ArgumentParser
import KitLocalization

struct TimerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: Localized.text("Start, list, pause, resume, adjust, cancel and wait for countdown timers."),
        discussion: Localized.text(
            "REF is a timer's id (7 or #7) or its name; a name shared by several timers is refused with the candidates."
        ),
        subcommands: [
            TimerStart.self, TimerList.self, OneCallCommand<TimerCalls.Show>.self,
            OneCallCommand<TimerCalls.Pause>.self,
            OneCallCommand<TimerCalls.Resume>.self, TimerAdd.self,
            EachRefCommand<TimerCalls.Cancel>.self, TimerWait.self,
        ])
}
