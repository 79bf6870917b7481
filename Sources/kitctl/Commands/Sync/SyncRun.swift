import ArgumentParser
import KitLocalization
import KitProtocol

struct SyncRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: Localized.text(
            "Run the sync command ([sync] command in the config) now, wait for it, and print the outcome."),
        discussion: Localized.text(
            "kitd runs the command and reads what it changed in the vdirs before it answers. A run already under way is waited for, then the command runs again. Exits 2 when the command failed, timed out or could not start, with the end of its output.\nExample: kitctl sync run"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let run = try global.call(Method.syncRun, EmptyParams())
        if output.json {
            try JSONOutput.print(run)
        } else if run.succeeded {
            Terminal.writeLine(Localized.text("Synced in %s.", "\(Self.seconds(run.durationMs))"))
        }
        guard run.succeeded else {
            if !output.json && !run.output.isEmpty { Terminal.writeError(run.output) }
            throw CLIError.refused(Localized.text("the sync command %s", Self.describe(run)))
        }
    }

    /// `failed (exit status 1) after 0.4 s`, for a run that did not succeed.
    static func describe(_ run: SyncRunStatus) -> String {
        switch run.outcome {
        case .notStarted: Localized.text("could not start: %s", run.output)
        case .timedOut: Localized.text("timed out after %s and was stopped", seconds(run.durationMs))
        default:
            run.exitStatus.map {
                Localized.text(
                    "%1$s (exit status %2$s) after %3$s", run.outcome.rawValue, String($0), seconds(run.durationMs))
            } ?? Localized.text("%1$s after %2$s", run.outcome.rawValue, seconds(run.durationMs))
        }
    }

    static func seconds(_ milliseconds: Int64) -> String {
        let tenths = (milliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
