import ArgumentParser
import KitLocalization
import KitProtocol

struct DiaryShare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: Localized.text("Print one entry as Markdown, ready to paste."),
        discussion: Localized.text("Example: kitctl diary share 첫눈"))

    @OptionGroup var global: GlobalOptions

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
        Terminal.write(try DiaryText.markdown(entry))
    }
}
