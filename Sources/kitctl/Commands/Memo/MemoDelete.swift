import ArgumentParser
import KitLocalization
import KitProtocol

struct MemoDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: Localized.text("Delete a memo (asks first on a terminal; --yes otherwise)."),
        discussion: Localized.text("Example: kitctl memo delete 장보기 --yes"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRefs<MemoRefs>

    @Flag(name: [.short, .long], help: ArgumentHelp(Localized.text("Delete without asking.")))
    var yes = false

    func run() throws {
        try ManyRefs.each(one.refs) { ref in
            let memo = try global.call(Method.memoGet, RefParams(ref: ref))
            let label = Localized.text("memo %1$s (%2$s)", String(memo.id), NoteText.clipped(memo.title, width: 60))
            try Confirmation.require(Localized.text("Delete %s?", label), yes: yes, what: label)
            let result = try global.call(Method.memoDelete, RefParams(ref: String(memo.id)))
            if output.json { return try JSONOutput.print(result) }
            Terminal.writeLine(Localized.text("Deleted memo %s", "\(result.deleted)"))
        }
    }
}
