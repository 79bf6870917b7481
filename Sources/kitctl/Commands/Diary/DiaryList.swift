import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct DiaryList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: Localized.text("List entries, newest first: all, or one month."),
        discussion: Localized.text("Example: kitctl diary list --limit 10"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(
        help: ArgumentHelp(
            Localized.text("Only this month: 2026-11 (alone, `--month` means this month)."), valueName: "yyyy-mm"))
    var month: String?

    @Option(help: ArgumentHelp(Localized.text("Show at most this many."), valueName: "n"))
    var limit: Int?

    /// What `--month` alone stands for (`ArgumentPrePass` puts it there).
    static let thisMonth = "this"

    func run() throws {
        var wanted = month
        if month == Self.thisMonth { wanted = DiaryMonth(containing: NoteText.today).description }
        if let wanted {
            do throws(KitError) {
                _ = try DiaryMonth.parse(wanted)
            } catch {
                throw CLIError.usage(error)
            }
        }
        if let limit, limit < 1 { throw CLIError.usage(Localized.text("--limit must be at least 1")) }
        let result = try global.call(
            Method.diaryList, DiaryListParams(month: wanted, limit: limit))
        if output.json { return try JSONOutput.print(result) }
        guard !result.entries.isEmpty else {
            return Terminal.writeLine(
                result.month.map { Localized.text("No entries in %s.", $0) }
                    ?? Localized.text("The diary is empty. Write: kitctl diary write"))
        }
        Terminal.writeLine(DiaryText.table(result.entries))
    }
}
