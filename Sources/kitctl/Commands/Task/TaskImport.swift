import ArgumentParser
import Glibc
import KitLocalization
import KitProtocol

struct TaskImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: Localized.text("Import VTODOs and VEVENTs from an iCalendar file."),
        discussion: Localized.text(
            "A component kit cannot read or represent is left out and reported with its line, UID and reason; the rest is imported. --strict imports all or nothing. A calendar you keep in khal, todoman or vdirsyncer can ring without being imported: watch its folder ([calendars] watch in kit.toml(5); kitctl calendars).\nExample: kitctl task import work.ics --dry-run"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("The .ics file, or - for standard input."), valueName: "file"),
        completion: .file(extensions: ["ics"]))
    var file: String

    @Flag(help: ArgumentHelp(Localized.text("Import nothing if any component cannot be read or represented.")))
    var strict = false

    @Flag(help: ArgumentHelp(Localized.text("Show what would be imported and left out, and change nothing.")))
    var dryRun = false

    func run() throws {
        let text = file == "-" ? try Self.standardInput() : try FileText.read(file, what: "calendars")
        let result = try global.call(
            Method.taskImport, TaskImportParams(ics: text, strict: strict ? true : nil, dryRun: dryRun ? true : nil))
        if output.json { return try JSONOutput.print(result) }
        let source = file == "-" ? Localized.text("standard input") : file
        let count = Localized.plural("%d task", "%d tasks", result.imported.count)
        var more: [String] = []
        if !result.updated.isEmpty {
            let updated = String(result.updated.count)
            more.append(dryRun ? Localized.text("would update %s", updated) : Localized.text("updated %s", updated))
        }
        if !result.rejected.isEmpty {
            more.append(
                Localized.text("left out %s that kit cannot read or represent", String(result.rejected.count)))
        }
        let details = more.map { "; " + $0 }.joined()
        if dryRun {
            Terminal.writeLine(
                Localized.text(
                    "Would import %1$s from %2$s%3$s (a dry run: nothing was changed)", count, source, details))
            for task in result.imported {
                Terminal.writeLine("  + " + Localized.text("%1$s  (due %2$s)", task.title, task.dueLocal))
            }
            for task in result.updated {
                Terminal.writeLine("  ~ " + Localized.text("%1$s  (due %2$s)", task.title, task.dueLocal))
            }
        } else {
            Terminal.writeLine(Localized.text("Imported %1$s from %2$s%3$s", count, source, details))
        }
        for (index, line) in result.skipped.enumerated() {
            Terminal.writeLine(
                "  "
                    + (result.notices.flatMap {
                        $0.indices.contains(index) ? Localized.text($0[index].kitMessage) : nil
                    } ?? line))
        }
    }

    /// The calendar on standard input, with the same limits as a file.
    static func standardInput(limit: Int = 900_000) throws -> String {
        guard let bytes = FileText.readAll(STDIN_FILENO, limit: limit) else {
            throw CLIError.usage(Localized.text("cannot read standard input: %s", String(cString: strerror(errno))))
        }
        guard bytes.count <= limit else {
            throw CLIError.usage(
                Localized.text(
                    "standard input is over %s KB; kit imports calendars up to about that much at a time",
                    String(limit / 1000)))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError.usage(Localized.text("standard input is not UTF-8 text; save it as UTF-8 and try again"))
        }
        return text
    }
}
