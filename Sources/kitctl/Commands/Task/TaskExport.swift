import ArgumentParser
import Glibc
import KitLocalization
import KitProtocol

struct TaskExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: Localized.text("Write every task as iCalendar VTODOs (DUE, RRULE, VALARM) to FILE or stdout."),
        discussion: Localized.text("Example: kitctl task export tasks.ics"))

    @OptionGroup var global: GlobalOptions

    /// iCalendar is the only format, and the default; the flag stays for scripts that give it.
    @Flag(help: ArgumentHelp(Localized.text("iCalendar (the only format, and the default)."))) var ics = false

    @Argument(
        help: ArgumentHelp(Localized.text("Where to write (default: stdout)."), valueName: "file"), completion: .file())
    var file: String?

    func run() throws {
        let result = try global.call(Method.taskExport, EmptyParams())
        guard let file else { return Terminal.write(result.ics) }
        guard let handle = fopen(file, "w") else {
            throw CLIError.usage(Localized.text("cannot write %1$s: %2$s", file, String(cString: strerror(errno))))
        }
        fputs(result.ics, handle)
        fclose(handle)
        Terminal.writeLine(Localized.plural("Wrote %d task to %s", "Wrote %d tasks to %s", result.count, file))
    }
}
