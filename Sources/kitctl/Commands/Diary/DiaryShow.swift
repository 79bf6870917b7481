import ArgumentParser
import KitLocalization
import KitProtocol

struct DiaryShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: Localized.text("Print an entry: its date and metadata, title and body."),
        discussion: Localized.text("Example: kitctl diary show 첫눈"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRef<DiaryRefs>

    func run() throws {
        let entry = try global.call(
            Method.diaryGet, DiaryRefParams(ref: one.ref))
        if output.json { return try JSONOutput.print(entry) }
        Terminal.writeLine(DiaryText.shown(entry))
    }
}
