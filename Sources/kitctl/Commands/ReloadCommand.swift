import ArgumentParser
import KitLocalization
import KitProtocol

struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: Localized.text("Make kitd read its configuration file again, without a restart."),
        discussion: Localized.text(
            "A file kitd cannot use is refused with its line and column, and the running configuration stays. [vdir] and [sync] take effect at the next start.\nExample: kitctl reload (as systemctl --user reload kitd does)"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let result = try global.call(Method.daemonReload, EmptyParams())
        if output.json { return try JSONOutput.print(result) }
        let tables = result.changed.map { "[\($0)]" }.joined(separator: ", ")
        Terminal.writeLine(
            result.changed.isEmpty
                ? Localized.text("kitd read %s again: nothing changed", result.path)
                : Localized.text("kitd read %1$s again: %2$s changed", result.path, tables))
        if !result.restartNeeded.isEmpty {
            Terminal.writeError(
                Localized.text(
                    "note: %s take effect when kitd starts again (systemctl --user restart kitd)",
                    result.restartNeeded.map { "[\($0)]" }.joined(separator: ", ")))
        }
    }
}
