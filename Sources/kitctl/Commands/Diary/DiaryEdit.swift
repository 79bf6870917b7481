import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct DiaryEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: Localized.text(
            "Change an entry: its text in the editor (or from -m or stdin), or only the options given."),
        discussion: Localized.text(
            "With only --date, --weather, --mood, --place or --field, the text is left as it is. An empty value (--weather '') removes that item.\nExample: kitctl diary edit 첫눈 --weather 눈 --mood 설렘"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var options: DiaryOptions

    @Option(
        name: [.short, .customLong("message")], help: ArgumentHelp(Localized.text("The new text."), valueName: "text"))
    var message: String?

    @OptionGroup var one: TitleRef<DiaryRefs>

    func run() throws {
        try options.check()
        let current = try global.call(
            Method.diaryGet, RefParams(ref: one.ref))
        var params = DiaryEditParams(
            ref: RecordRef(String(current.id)), date: options.date, weather: options.weather, mood: options.mood,
            place: options.place, fields: options.fieldTexts.isEmpty ? nil : try Self.fields(options.fieldTexts))
        let entry: DiaryEntryInfo
        if message == nil && !options.isEmpty {
            entry = try global.call(Method.diaryEdit, params)
        } else {
            let input = try TextInput.collect(given: message, initial: current.text ?? "", noun: "diary entry")
            params.text = input.text
            entry = try TextSaving.save(
                input.text, kind: "diary entry", method: Method.diaryEdit, params: params,
                global: global
            ) { path in "kitctl diary edit \(current.id)\(options.retryArguments(date: nil)) < \(path)" }
        }
        if output.json { return try JSONOutput.print(entry) }
        Terminal.writeLine(
            Localized.text(
                "Saved entry %1$s for %2$s (%3$s)", String(entry.id), DiaryText.when(entry),
                NoteText.clipped(entry.title, width: 60)))
    }

    /// `key=value` pairs; `key=` (an empty value) removes the key.
    private static func fields(_ texts: [String]) throws -> [DiaryField] {
        try texts.map { text in
            guard let equals = text.firstIndex(of: "=") else {
                throw CLIError.usage(
                    Localized.text("cannot read '%s' as a field; write key=value, e.g. steps=8000", text))
            }
            return DiaryField(key: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
        }
    }
}
