import ArgumentParser

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Tasks, diary and memos kept as vdirs ([vdir] in the config), for vdirsyncer to sync.",
        subcommands: [SyncStatus.self])
}
