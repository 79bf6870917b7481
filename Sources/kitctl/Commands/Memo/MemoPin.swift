import ArgumentParser
import KitLocalization
import KitProtocol

struct MemoPin: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin", abstract: Localized.text("Pin a memo to the top of the list."),
        discussion: Localized.text("Example: kitctl memo pin 장보기"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRef<MemoRefs>

    func run() throws {
        let memo = try global.call(Method.memoPin, MemoRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(memo) }
        Terminal.writeLine(
            Localized.text("Pinned memo %1$s (%2$s)", "\(memo.id)", "\(NoteText.clipped(memo.title, width: 60))"))
    }
}
