import ArgumentParser
import KitLocalization

struct StopwatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sw",
        abstract: Localized.text("Many named stopwatches that survive restarts, with laps and a still-running notice."),
        discussion: Localized.text(
            "REF is a stopwatch's id or its name (names are unique). `kitctl stopwatch` works as well as `kitctl sw`."),
        subcommands: [
            StopwatchNew.self, StopwatchStart.self, StopwatchStop.self, StopwatchLap.self, StopwatchList.self,
            StopwatchShow.self, StopwatchWatch.self, StopwatchLaps.self, StopwatchExport.self, StopwatchReset.self,
            StopwatchRename.self, StopwatchDelete.self,
        ],
        aliases: ["stopwatch"])
}
