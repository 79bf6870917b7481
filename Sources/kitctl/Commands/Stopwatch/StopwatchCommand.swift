import ArgumentParser
import KitLocalization

struct StopwatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sw",
        abstract: Localized.text("Many named stopwatches that survive restarts, with laps and a still-running notice."),
        discussion: Localized.text(
            "REF is a stopwatch's id or its name (names are unique). `kitctl stopwatch` works as well as `kitctl sw`."),
        subcommands: [
            StopwatchNew.self, OneCallCommand<StopwatchCalls.Start>.self, OneCallCommand<StopwatchCalls.Stop>.self,
            OneCallCommand<StopwatchCalls.Lap>.self, OneCallCommand<StopwatchCalls.List>.self,
            OneCallCommand<StopwatchCalls.Show>.self, StopwatchWatch.self, StopwatchLaps.self, StopwatchExport.self,
            OneCallCommand<StopwatchCalls.Reset>.self,
            OneCallCommand<StopwatchCalls.Rename>.self, OneCallCommand<StopwatchCalls.Delete>.self,
        ],
        aliases: ["stopwatch"])
}
