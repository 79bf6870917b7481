import ArgumentParser
import KitLocalization
import KitProtocol

struct MemoUnpin: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpin", abstract: Localized.text("Unpin a memo."),
        discussion: Localized.text("Example: kitctl memo unpin 장보기"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRef<MemoRefs>

    func run() throws {
        let memo = try global.call(Method.memoUnpin, MemoRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(memo) }
        Terminal.writeLine(
            Localized.text("Unpinned memo %1$s (%2$s)", "\(memo.id)", "\(NoteText.clipped(memo.title, width: 60))"))
    }
}
