import ArgumentParser
import KitLocalization
import KitProtocol

struct DiaryShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: Localized.text("Print an entry: its date and metadata, title and body."),
        discussion: Localized.text("Example: kitctl diary show 첫눈"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("The entry's id, date or title."), valueName: "ref"),
        completion: .custom(RefCompletion.diary)
    )
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError(Localized.text("give the entry's id, date or title")) }
    }

    func run() throws {
        let entry = try global.call(
            Method.diaryGet, DiaryRefParams(ref: ref.joined(separator: " ")))
        if output.json { return try JSONOutput.print(entry) }
        Terminal.writeLine(DiaryText.shown(entry))
    }
}
