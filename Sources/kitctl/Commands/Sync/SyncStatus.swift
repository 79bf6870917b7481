import ArgumentParser
import KitLocalization
import KitProtocol

struct SyncStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: Localized.text(
            "Show the vdirs kitd keeps, the files in them it could not take, and the conflicts it settled."),
        discussion: Localized.text("Example: kitctl sync status"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let status = try global.call(Method.syncStatus, EmptyParams())
        if output.json { return try JSONOutput.print(status) }
        guard !status.collections.isEmpty || !status.conflicts.isEmpty || status.command != nil else {
            return Terminal.writeLine(
                Localized.text(
                    "kitd keeps no vdir. Set one in the config: [vdir] tasks = \"~/.local/share/kit/vdir/tasks\""))
        }
        var lines: [String] = []
        if let command = status.command {
            lines.append(
                status.running
                    ? Localized.text("Sync command: %s (running now)", command)
                    : Localized.text("Sync command: %s", command))
            if let run = status.lastRun {
                let outcome =
                    run.succeeded
                    ? Localized.text("succeeded in %s", SyncRun.seconds(run.durationMs)) : SyncRun.describe(run)
                lines.append(
                    Localized.text(
                        "Last run: %1$s (%2$s): %3$s", NoteText.when(run.startedAt), run.reason.rawValue, outcome))
                if !run.succeeded {
                    for line in run.output.split(separator: "\n").suffix(5) { lines.append("  | \(line)") }
                    if let succeeded = status.lastSucceededAt {
                        lines.append(Localized.text("Last run that succeeded: %s", NoteText.when(succeeded)))
                    }
                }
            } else {
                lines.append(Localized.text("Last run: none yet"))
            }
            if let next = status.nextRunAt { lines.append(Localized.text("Next run: %s", NoteText.when(next))) }
        } else {
            lines.append(
                Localized.text("Sync command: none (set [sync] command in the config, or run vdirsyncer yourself)"))
        }
        for collection in status.collections {
            let reading = collection.watched ? Localized.text("written and read") : Localized.text("written only")
            lines.append("\(collection.name): \(collection.path) (\(reading))")
            for file in collection.unreadable {
                lines.append("  " + Localized.text("not taken: %1$s: %2$s", file.file, file.reason))
            }
            if collection.unreadableCount > collection.unreadable.count {
                let more = String(collection.unreadableCount - collection.unreadable.count)
                lines.append("  " + Localized.text("… and %s more files not taken", more))
            }
        }
        if status.conflicts.isEmpty {
            lines.append(Localized.text("No conflicts."))
        } else {
            lines.append("")
            lines.append(
                Localized.text(
                    "Conflicts (both sides changed a property; the later change won, the other is kept in kit's database):"
                ))
            var table = Table(
                Localized.text("ID"), Localized.text("WHEN"), Localized.text("IN"), Localized.text("PROPERTY"),
                Localized.text("WINNER"), Localized.text("TITLE"))
            for conflict in status.conflicts {
                table.add(
                    "\(conflict.id)", NoteText.when(conflict.at), conflict.collection,
                    conflict.property ?? Localized.text("the item"), conflict.winner.rawValue, conflict.title)
            }
            lines.append(table.render())
        }
        Terminal.writeLine(lines.joined(separator: "\n"))
    }
}
