import ArgumentParser
import KitLocalization
import KitProtocol

struct MemoList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: Localized.text("List memos: pinned ones first, then the most recently changed."),
        discussion: Localized.text("Example: kitctl memo list"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let result = try global.call(Method.memoList, EmptyParams())
        if output.json { return try JSONOutput.print(result) }
        guard !result.memos.isEmpty else {
            return Terminal.writeLine(Localized.text("No memos. Add one: kitctl memo add buy oat milk"))
        }
        var table = Table(
            Localized.text("ID"), Localized.text("PIN"), Localized.text("UPDATED"), Localized.text("TITLE"))
        let width = max(20, (Terminal.isInteractive ? Terminal.columns : 120) - 30)
        for memo in result.memos {
            table.add(
                "\(memo.id)", memo.pinned ? "*" : "", NoteText.when(memo.updatedAt),
                NoteText.clipped(memo.title, width: width))
        }
        Terminal.writeLine(table.render())
    }
}
