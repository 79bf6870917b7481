import ArgumentParser
import KitLocalization
import KitProtocol

struct MemoShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: Localized.text("Print a memo: its title, then its body."),
        discussion: Localized.text("Example: kitctl memo show 장보기"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(Localized.text("The memo's id or title."), valueName: "ref"),
        completion: .custom(RefCompletion.memos))
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError(Localized.text("give the memo's id or title")) }
    }

    func run() throws {
        let memo = try global.call(Method.memoGet, MemoRefParams(ref: ref.joined(separator: " ")))
        if output.json { return try JSONOutput.print(memo) }
        Terminal.writeLine(NoteText.shown(memo.text ?? memo.title))
    }
}
