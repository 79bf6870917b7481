import ArgumentParser
import KitProtocol

struct DiaryShare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Print one entry as Markdown, ready to paste.")

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: ArgumentHelp("The entry's id, date or title.", valueName: "ref"), completion: .custom(RefCompletion.diary)
    )
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError("give the entry's id, date or title") }
    }

    func run() throws {
        let entry = try global.call(
            Method.diaryGet, DiaryRefParams(ref: ref.joined(separator: " ")))
        Terminal.write(try DiaryText.markdown(entry))
    }
}
