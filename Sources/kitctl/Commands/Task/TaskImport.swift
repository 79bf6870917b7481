import ArgumentParser
import Glibc
import KitProtocol

struct TaskImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import VTODOs and VEVENTs from an iCalendar file, all or nothing.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The .ics file.", valueName: "file"))
    var file: String

    func run() throws {
        guard let handle = fopen(file, "r") else {
            throw CLIError.usage("cannot read \(file): \(String(cString: strerror(errno)))")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        fclose(handle)
        guard bytes.count < 900_000 else {
            throw CLIError.usage(
                "\(file) is \(bytes.count / 1024) KiB; kit imports calendars up to about 900 KiB at a time")
        }
        let result = try global.call(
            Method.taskImport, TaskImportParams(ics: String(decoding: bytes, as: UTF8.self)), as: TaskImportResult.self)
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(
            "Imported \(result.imported.count) task\(result.imported.count == 1 ? "" : "s") from \(file)")
        for line in result.skipped { Terminal.writeLine("  " + line) }
    }
}
