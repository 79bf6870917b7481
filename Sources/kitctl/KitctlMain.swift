import ArgumentParser
import Glibc
import KitCore
import KitLocalization
import KitProtocol

/// Parses, runs, and turns every failure into one line and kitctl's exit codes:
/// 0 ok, 1 usage error or no daemon, 2 the daemon refused the request.
@main
enum KitctlMain {
    static func main() {
        // `timer start` binds the catalogs while kitd commits its timer (`TimerStartOrder.run`);
        // a message made before then binds them first.
        Localized.setUpBeforeFirstMessage()
        let arguments = ArgumentPrePass.prepared(Array(CommandLine.arguments.dropFirst()))
        do {
            if let order = FastLane.timerStart(arguments) {
                try order.run()
                return
            }
            Localized.setUp()
            var command = try QuickParse.parseAsRoot(arguments)
            try command.run()
        } catch let error as CLIError {
            Terminal.writeError("kitctl: \(error.message)")
            exit(error.exitCode)
        } catch let error as any MessageError {
            // A parser's refusal that no command turned into a usage error: in the user's language.
            Terminal.writeError("kitctl: " + Localized.text(error.kitMessage))
            exit(CLIError.usageExitCode)
        } catch let error as ExitCode {
            exit(error.rawValue)
        } catch {
            if Kitctl.exitCode(for: error) == .success {
                // --help (its headings in the user's language), --version, a completion script.
                let message = Kitctl.fullMessage(for: error)
                guard message.contains("USAGE:") else { Kitctl.exit(withError: error) }
                Terminal.writeLine(HelpText.fitted(HelpText.localized(message), columns: HelpText.columns))
                exit(0)
            }
            if let message = CommandSuggestion.unknownSubcommand(in: arguments)
                ?? CommandSuggestion.negativeLength(in: arguments)
            {
                Terminal.writeError("kitctl: " + message)
            } else {
                // ArgumentParser's own words, in kitctl's style: `kitctl: …`, then its usage lines.
                var message = Kitctl.fullMessage(for: error)
                if message.hasPrefix("Error: ") { message = "kitctl: " + message.dropFirst("Error: ".count) }
                Terminal.writeError(message.hasPrefix("kitctl: ") ? message : "kitctl: " + message)
            }
            exit(CLIError.usageExitCode)
        }
    }
}

struct Kitctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kitctl",
        abstract: Localized.text("Control kitd: timers and reminders with desktop notifications, memos and a diary."),
        discussion: Localized.text(
            "Exit codes: 0 ok, 1 usage error or kitd not running, 2 kitd refused the request.\nShell completions: kitctl --generate-completion-script bash|zsh|fish"
        ),
        version: KitVersion.version,
        subcommands: [
            StatusCommand.self, TodayCommand.self, TimerCommand.self, RamenCommand.self, StopwatchCommand.self,
            TaskCommand.self,
            AgendaCommand.self, HolidaysCommand.self, CalendarsCommand.self, PlaceCommand.self, MemoCommand.self,
            DiaryCommand.self,
            SyncCommand.self,
            EventsCommand.self, BarCommand.self, ReloadCommand.self,
        ])
}
