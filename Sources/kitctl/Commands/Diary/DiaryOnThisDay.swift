import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct DiaryOnThisDay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on-this-day", abstract: Localized.text("Entries from this day of the year in earlier years."),
        discussion: Localized.text("Example: kitctl diary on-this-day --date 어제"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp(Localized.text("Look back from this day instead of today."), valueName: "date"))
    var date: String?

    func run() throws {
        if let date {
            do throws(KitError) {
                _ = try DiaryWhen.parse(date, today: NoteText.today)
            } catch {
                throw CLIError.usage(error)
            }
        }
        let result = try global.call(
            Method.diaryOnThisDay, DiaryOnThisDayParams(date: date))
        if output.json { return try JSONOutput.print(result) }
        guard !result.entries.isEmpty else {
            return Terminal.writeLine(Localized.text("Nothing on %s in earlier years.", "\(result.date.suffix(5))"))
        }
        let year = Int(result.date.prefix(4)) ?? 0
        var blocks: [String] = []
        for entry in result.entries {
            let ago = year - (Int(entry.date.prefix(4)) ?? year)
            blocks.append(
                Localized.plural(
                    "%s, %d year ago (#%s)", "%s, %d years ago (#%s)", ago, DiaryText.when(entry), "\(entry.id)")
                    + "\n"
                    + NoteText.shown(entry.text ?? entry.title))
        }
        Terminal.writeLine(blocks.joined(separator: "\n\n"))
    }
}
