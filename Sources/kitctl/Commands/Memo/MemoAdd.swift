import ArgumentParser
import KitProtocol

struct MemoAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a memo from TEXT, stdin or the editor.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The memo (several words need no quotes); its first line is the title.", valueName: "text"))
    var text: [String] = []

    func run() throws {
        let input = try TextInput.collect(
            given: text.isEmpty ? nil : text.joined(separator: " "), initial: "", noun: "memo")
        let memo = try TextSaving.save(
            input.text, kind: "memo", method: Method.memoAdd, params: MemoAddParams(text: input.text), global: global
        ) { path in "kitctl memo add < \(path)" }
        if output.json { return try JSONOutput.print(memo) }
        Terminal.writeLine("Added memo \(memo.id) (\(NoteText.clipped(memo.title, width: 60)))")
    }
}
