import ArgumentParser
import Glibc
import KitLocalization
import KitProtocol

struct TaskImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: Localized.text("Import VTODOs and VEVENTs from an iCalendar file."),
        discussion: """
            A component kit cannot read or represent is left out and reported with its line, UID \
            and reason; the rest is imported. --strict imports all or nothing.
            """)

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
        let source = file == "-" ? "standard input" : file
        let count = "\(result.imported.count) task\(result.imported.count == 1 ? "" : "s")"
        let updated = result.updated.isEmpty ? "" : (dryRun ? " and update " : "; updated ") + "\(result.updated.count)"
        let leftOut =
            result.rejected.isEmpty ? "" : "; left out \(result.rejected.count) that kit cannot read or represent"
        if dryRun {
            Terminal.writeLine(
                "Would import \(count)\(updated) from \(source)\(leftOut) (a dry run: nothing was changed)")
            for task in result.imported { Terminal.writeLine("  + \(task.title)  (due \(task.dueLocal))") }
            for task in result.updated { Terminal.writeLine("  ~ \(task.title)  (due \(task.dueLocal))") }
        } else {
            Terminal.writeLine(
                "Imported \(count) from \(source)\(updated)\(leftOut)")
        }
        for line in result.skipped { Terminal.writeLine("  " + line) }
    }

    /// The calendar on standard input, with the same limits as a file.
    static func standardInput(limit: Int = 900_000) throws -> String {
        guard let bytes = FileText.readAll(STDIN_FILENO, limit: limit) else {
            throw CLIError.usage(Localized.text("cannot read standard input: %s", String(cString: strerror(errno))))
        }
        guard bytes.count <= limit else {
            throw CLIError.usage(
                "standard input is over \(limit / 1000) KB; kit imports calendars up to about \(limit / 1000) KB at a time"
            )
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError.usage(Localized.text("standard input is not UTF-8 text; save it as UTF-8 and try again"))
        }
        return text
    }
}
