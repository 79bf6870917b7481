import ArgumentParser
import KitLocalization

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: Localized.text("Sync tasks, diary and memos: run the sync command, or see how the vdirs stand."),
        discussion: Localized.text(
            "kitd keeps tasks, diary entries and memos as vdirs ([vdir] in the config) and runs a sync command such as vdirsyncer ([sync] in the config). `kitctl sync` alone runs it."
        ),
        subcommands: [SyncRun.self, SyncStatus.self],
        defaultSubcommand: SyncRun.self)
}
