import ArgumentParser
import KitLocalization
import KitProtocol

struct DiaryDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: Localized.text("Delete an entry (asks first on a terminal; --yes otherwise)."),
        discussion: Localized.text("Example: kitctl diary delete 첫눈 --yes"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRef<DiaryRefs>

    @Flag(name: [.short, .long], help: ArgumentHelp(Localized.text("Delete without asking.")))
    var yes = false

    func run() throws {
        let entry = try global.call(
            Method.diaryGet, RefParams(ref: one.ref))
        let label = Localized.text(
            "entry %1$s of %2$s (%3$s)", String(entry.id), DiaryText.when(entry),
            NoteText.clipped(entry.title, width: 60))
        try Confirmation.require(Localized.text("Delete %s?", label), yes: yes, what: label)
        let result = try global.call(
            Method.diaryDelete, RefParams(ref: String(entry.id)))
        if output.json { return try JSONOutput.print(result) }
        Terminal.writeLine(Localized.text("Deleted entry %s", "\(result.deleted)"))
    }
}
