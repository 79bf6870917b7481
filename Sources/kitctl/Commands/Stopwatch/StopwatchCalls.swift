import ArgumentParser
import KitLocalization
import KitProtocol

/// The stopwatch commands that are one call and one answer: list, show, start, stop, lap, reset,
/// rename and delete (`OneCallCommand`).
enum StopwatchCalls {
    protocol Call: OneCall where Arguments == OneRef<StopwatchRefs>, Params == RefParams {}

    /// A call that answers with the stopwatch, shown as "Started 공부: 0:12".
    protocol Change: Call where Result == StopwatchInfo {
        static func did(_ name: String) -> String
    }

    enum List: OneCall {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: Localized.text("List stopwatches: running ones first, then stopped ones by name."),
            discussion: Localized.text("Example: kitctl sw list"))
        static let method = Method.stopwatchList
        static func params(_: NoArguments) -> EmptyParams { EmptyParams() }
        static func text(_ result: StopwatchListResult) -> String {
            result.stopwatches.isEmpty
                ? Localized.text("No stopwatches. Create one: kitctl sw new focus --start")
                : StopwatchText.table(result.stopwatches)
        }
    }

    enum Show: Call {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text("Show one stopwatch and its laps."),
            discussion: Localized.text("Example: kitctl sw show 공부"))
        static let method = Method.stopwatchLaps
        static func text(_ result: StopwatchLapsResult) -> String { StopwatchText.details(result) }
    }

    enum Start: Change {
        static let configuration = CommandConfiguration(
            commandName: "start", abstract: Localized.text("Start it, or resume it after a stop."),
            discussion: Localized.text("Example: kitctl sw start 공부"))
        static let method = Method.stopwatchStart
        static func did(_ name: String) -> String { Localized.text("Started %s", name) }
    }

    enum Stop: Change {
        static let configuration = CommandConfiguration(
            commandName: "stop", abstract: Localized.text("Stop it; the elapsed time is kept."),
            discussion: Localized.text("Example: kitctl sw stop 공부"))
        static let method = Method.stopwatchStop
        static func did(_ name: String) -> String { Localized.text("Stopped %s", name) }
    }

    enum Reset: Change {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: Localized.text("Set it back to zero and drop its laps (a running one keeps running)."),
            discussion: Localized.text("Example: kitctl sw reset 공부"))
        static let method = Method.stopwatchReset
        static func did(_ name: String) -> String { Localized.text("Reset %s", name) }
    }

    enum Delete: Call {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: Localized.text("Delete it and its laps."),
            discussion: Localized.text("Example: kitctl sw delete 공부"))
        static let method = Method.stopwatchDelete
        static func text(_ result: DeleteResult) -> String {
            Localized.text("Deleted stopwatch %s", "\(result.deleted)")
        }
    }

    enum Lap: OneCall {
        /// The stopwatch, then a note of any number of words.
        struct Arguments: ParsableArguments {
            @OptionGroup var one: OneRef<StopwatchRefs>

            @Argument(help: ArgumentHelp(Localized.text("A note for the lap."), valueName: "note"))
            var note: [String] = []
        }

        static let configuration = CommandConfiguration(
            commandName: "lap", abstract: Localized.text("Record a lap, with an optional note."),
            discussion: Localized.text("Example: kitctl sw lap 공부 1장 끝"))
        static let method = Method.stopwatchLap
        static func params(_ lap: Arguments) -> StopwatchLapParams {
            StopwatchLapParams(ref: lap.one.ref, note: lap.note.isEmpty ? nil : lap.note.joined(separator: " "))
        }
        static func text(_ result: StopwatchLapResult) -> String {
            Localized.text(
                "Lap %1$s of %2$s: %3$s (total %4$s)", String(result.lap.number), result.stopwatch.name,
                StopwatchText.elapsed(result.lap.lapNs), StopwatchText.elapsed(result.lap.totalNs))
        }
    }

    enum Rename: OneCall {
        /// The stopwatch, then its new name.
        struct Arguments: ParsableArguments {
            @OptionGroup var one: OneRef<StopwatchRefs>

            @Argument(help: ArgumentHelp(Localized.text("The new, unique name."), valueName: "new-name"))
            var newName: String
        }

        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: Localized.text("Give a stopwatch a new name."),
            discussion: Localized.text("Example: kitctl sw rename 공부 영어"))
        static let method = Method.stopwatchRename
        static func params(_ rename: Arguments) -> StopwatchRenameParams {
            StopwatchRenameParams(ref: rename.one.ref, name: rename.newName)
        }
        static func text(_ stopwatch: StopwatchInfo) -> String {
            Localized.text("Renamed stopwatch %1$s to %2$s", "\(stopwatch.id)", stopwatch.name)
        }
    }
}

extension StopwatchCalls.Call {
    static func params(_ one: OneRef<StopwatchRefs>) -> RefParams { RefParams(ref: one.ref) }
}

extension StopwatchCalls.Change {
    static func text(_ stopwatch: StopwatchInfo) -> String { StopwatchText.summary(did, stopwatch) }
}
