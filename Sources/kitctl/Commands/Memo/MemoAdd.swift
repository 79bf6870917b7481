import ArgumentParser
import KitLocalization
import KitProtocol

struct MemoAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: Localized.text("Add a memo from TEXT, stdin or the editor."),
        discussion: Localized.text("Example: kitctl memo add 두부 사 오기"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp(
            Localized.text("The memo (several words need no quotes); its first line is the title."), valueName: "text"))
    var text: [String] = []

    func run() throws {
        let input = try TextInput.collect(
            given: text.isEmpty ? nil : text.joined(separator: " "), initial: "", noun: "memo")
        let memo = try TextSaving.save(
            input.text, kind: "memo", method: Method.memoAdd, params: MemoAddParams(text: input.text), global: global
        ) { path in "kitctl memo add < \(path)" }
        if output.json { return try JSONOutput.print(memo) }
        Terminal.writeLine(
            Localized.text("Added memo %1$s (%2$s)", "\(memo.id)", "\(NoteText.clipped(memo.title, width: 60))"))
    }
}
