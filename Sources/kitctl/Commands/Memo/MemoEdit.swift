import ArgumentParser
import KitLocalization
import KitProtocol

struct MemoEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: Localized.text("Open a memo's text in the editor (or replace it with stdin)."),
        discussion: Localized.text("Example: kitctl memo edit 장보기"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRef<MemoRefs>

    func run() throws {
        let current = try global.call(Method.memoGet, RefParams(ref: one.ref))
        let input = try TextInput.collect(given: nil, initial: current.text ?? "", noun: "memo")
        let memo = try TextSaving.save(
            input.text, kind: "memo", method: Method.memoEdit,
            params: MemoEditParams(ref: String(current.id), text: input.text), global: global
        ) { path in "kitctl memo edit \(current.id) < \(path)" }
        if output.json { return try JSONOutput.print(memo) }
        Terminal.writeLine(
            Localized.text("Saved memo %1$s (%2$s)", "\(memo.id)", "\(NoteText.clipped(memo.title, width: 60))"))
    }
}
