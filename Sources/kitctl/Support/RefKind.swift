import ArgumentParser
import KitLocalization

/// A kind of record a command names by one REF (`OneRef`): how its REF is described in `--help`,
/// and how a shell completes it (from kitd).
protocol RefKind {
    static var help: String { get }
    static var complete: @Sendable ([String], Int, String) -> [String] { get }
}

enum TimerRefs: RefKind {
    static var help: String { Localized.text("The timer's id or name.") }
    static var complete: @Sendable ([String], Int, String) -> [String] { RefCompletion.timers }
}

enum StopwatchRefs: RefKind {
    static var help: String { Localized.text("The stopwatch's id or name.") }
    static var complete: @Sendable ([String], Int, String) -> [String] { RefCompletion.stopwatches }
}

enum PlaceRefs: RefKind {
    static var help: String { Localized.text("The place's id or name.") }
    static var complete: @Sendable ([String], Int, String) -> [String] { TagCompletion.names }
}

/// Tasks by id only, for the commands that take no title (`task edit`).
enum TaskIDs: RefKind {
    static var help: String { Localized.text("The task's id.") }
    static var complete: @Sendable ([String], Int, String) -> [String] { RefCompletion.taskIDs }
}
