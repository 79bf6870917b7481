import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

/// The date and metadata options of `diary write` and `diary edit`, checked on the client so a
/// typo is a usage error (exit 1) before anything is sent.
struct DiaryOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            Localized.text("The day it is about: 2026-11-20, '2026-11-20 21:30', today or yesterday (default: now)."),
            valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp(Localized.text("The weather, in your words (kit looks nothing up)."), valueName: "text"))
    var weather: String?

    @Option(help: ArgumentHelp(Localized.text("How you feel."), valueName: "text"))
    var mood: String?

    @Option(help: ArgumentHelp(Localized.text("Where you are."), valueName: "text"))
    var place: String?

    @Option(
        name: .customLong("field"),
        help: ArgumentHelp(Localized.text("Free metadata, repeatable."), valueName: "key=value"))
    var fieldTexts: [String] = []

    var isEmpty: Bool { date == nil && weather == nil && mood == nil && place == nil && fieldTexts.isEmpty }

    /// Checks every option; run before anything is read or sent.
    func check() throws {
        do throws(KitError) {
            if let date { _ = try DiaryWhen.parse(date, today: NoteText.today) }
            for (noun, value) in [("weather", weather), ("mood", mood), ("place", place)] {
                _ = try DiaryMetadata.validated(value, noun: noun)
            }
            _ = try fields()
        } catch {
            throw CLIError.usage(error)
        }
    }

    func fields() throws(KitError) -> [DiaryField] {
        try fieldTexts.map { text throws(KitError) in try DiaryField.parse(text) }
    }

    /// The same options, as a person would type them again.
    func retryArguments(date fallback: String?) -> String {
        var words: [String] = []
        if let date = date ?? fallback { words += ["--date", ShellWord.quoted(date)] }
        if let weather { words += ["--weather", ShellWord.quoted(weather)] }
        if let mood { words += ["--mood", ShellWord.quoted(mood)] }
        if let place { words += ["--place", ShellWord.quoted(place)] }
        for field in fieldTexts { words += ["--field", ShellWord.quoted(field)] }
        return words.map { " " + $0 }.joined()
    }
}
