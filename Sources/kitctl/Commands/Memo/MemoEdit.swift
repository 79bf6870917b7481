import ArgumentParser
import KitProtocol

struct MemoEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Open a memo's text in the editor (or replace it with stdin).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The memo's id or title.", valueName: "ref"), completion: .custom(RefCompletion.memos))
    var ref: [String] = []

    func validate() throws {
        guard !ref.isEmpty else { throw ValidationError("give the memo's id or title") }
    }

    func run() throws {
        let current = try global.call(Method.memoGet, MemoRefParams(ref: ref.joined(separator: " ")))
        let input = try TextInput.collect(given: nil, initial: current.text ?? "", noun: "memo")
        let memo = try TextSaving.save(
            input.text, kind: "memo", method: Method.memoEdit,
            params: MemoEditParams(ref: String(current.id), text: input.text), global: global
        ) { path in "kitctl memo edit \(current.id) < \(path)" }
        if output.json { return try JSONOutput.print(memo) }
        Terminal.writeLine("Saved memo \(memo.id) (\(NoteText.clipped(memo.title, width: 60)))")
    }
}
