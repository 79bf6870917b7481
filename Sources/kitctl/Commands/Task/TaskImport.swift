import ArgumentParser
import KitProtocol

struct TaskImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import VTODOs and VEVENTs from an iCalendar file, all or nothing.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The .ics file.", valueName: "file"))
    var file: String

    func run() throws {
        let text = try FileText.read(file, what: "calendars")
        let result = try global.call(
            Method.taskImport, TaskImportParams(ics: text), as: TaskImportResult.self)
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(
            "Imported \(result.imported.count) task\(result.imported.count == 1 ? "" : "s") from \(file)")
        for line in result.skipped { Terminal.writeLine("  " + line) }
    }
}
