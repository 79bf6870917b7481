import ArgumentParser
import KitLocalization
import KitProtocol

struct MemoShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: Localized.text("Print a memo: its title, then its body."),
        discussion: Localized.text("Example: kitctl memo show 장보기"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRef<MemoRefs>

    func run() throws {
        let memo = try global.call(Method.memoGet, MemoRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(memo) }
        Terminal.writeLine(NoteText.shown(memo.text ?? memo.title))
    }
}
