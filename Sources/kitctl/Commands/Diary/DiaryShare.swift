import ArgumentParser
import KitLocalization
import KitProtocol

struct DiaryShare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: Localized.text("Print one entry as Markdown, ready to paste."),
        discussion: Localized.text("Example: kitctl diary share 첫눈"))

    @OptionGroup var global: GlobalOptions

    @OptionGroup var one: TitleRef<DiaryRefs>

    func run() throws {
        let entry = try global.call(
            Method.diaryGet, RefParams(ref: one.ref))
        Terminal.write(try DiaryText.markdown(entry))
    }
}
