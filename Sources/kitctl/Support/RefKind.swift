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

/// A kind of record a command names by its title, in as many words as it has (`TitleRef`).
protocol TitleRefKind: RefKind {
    /// What kitctl says when the REF is missing.
    static var missing: String { get }
    /// `help` for a command that also takes several ids (`TitleRefs`).
    static var several: String { get }
}

enum MemoRefs: TitleRefKind {
    static var help: String { Localized.text("The memo's id or title.") }
    static var several: String { Localized.text("The memo's id or title, or several ids (4 5).") }
    static var missing: String { Localized.text("give the memo's id or title") }
    static var complete: @Sendable ([String], Int, String) -> [String] { RefCompletion.memos }
}

enum DiaryRefs: TitleRefKind {
    static var help: String { Localized.text("The entry's id, date or title.") }
    static var several: String { Localized.text("The entry's id, date or title, or several ids (4 5).") }
    static var missing: String { Localized.text("give the entry's id, date or title") }
    static var complete: @Sendable ([String], Int, String) -> [String] { RefCompletion.diary }
}

enum TaskRefs: TitleRefKind {
    static var help: String { Localized.text("The task's id or title.") }
    static var several: String { Localized.text("The task's id or title, or several ids (10 11).") }
    static var missing: String { Localized.text("give the task's id or title") }
    static var complete: @Sendable ([String], Int, String) -> [String] { RefCompletion.tasks }
}
