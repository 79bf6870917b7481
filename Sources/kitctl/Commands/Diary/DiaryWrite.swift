import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct DiaryWrite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: Localized.text("Write an entry from -m, stdin or the editor; now, or on --date."),
        discussion: Localized.text(
            "--date takes 2026-11-20, '2026-11-20 21:30', today, yesterday, or a day as --due reads it and the days behind: 어제, 그저께, '지난 금요일'.\nExample: kitctl diary write --date 어제 -m 첫눈"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var options: DiaryOptions

    @Option(
        name: [.short, .customLong("message")],
        help: ArgumentHelp(Localized.text("The entry's text."), valueName: "text"))
    var message: String?

    func run() throws {
        try options.check()
        let startedAt = NoteText.nowText
        let input = try TextInput.collect(given: message, initial: "", noun: "diary entry")
        let params = DiaryWriteParams(
            text: input.text, date: options.date, weather: options.weather, mood: options.mood, place: options.place,
            fields: try options.fields())
        let entry = try TextSaving.save(
            input.text, kind: "diary entry", method: Method.diaryWrite, params: params,
            global: global
        ) { path in "kitctl diary write\(options.retryArguments(date: startedAt)) < \(path)" }
        if output.json { return try JSONOutput.print(entry) }
        Terminal.writeLine(
            Localized.text(
                "Wrote entry %1$s for %2$s (%3$s)", String(entry.id), DiaryText.when(entry),
                NoteText.clipped(entry.title, width: 60)))
    }
}
