import ArgumentParser
import KitLocalization

struct RamenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ramen",
        abstract: Localized.text("Browse the instant noodle catalog, keep favourites, and cook with the right timer."),
        discussion: Localized.text(
            "NAME is what you would type: a Korean name or its start (신라), its initial consonants (ㅅㄹㅁ), the English name, the romanization, the brand, or the id shown by `kitctl ramen list`. Several words need no quotes."
        ),
        subcommands: [
            RamenList.self, OneCallCommand<RamenCalls.Show>.self, RamenCook.self, RamenFav.self, RamenSet.self,
            RamenAdd.self, OneCallCommand<RamenCalls.Remove>.self, OneCallCommand<RamenCalls.Hide>.self,
            OneCallCommand<RamenCalls.Unhide>.self,
        ])
}

/// The NAME argument every ramen command takes: one or more words, completed from kitd or the catalog.
struct RamenName: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            Localized.text("The ramen: name, start of a name, 초성, English name, brand or id."), valueName: "name"),
        completion: .custom(RamenNames.complete))
    var words: [String] = []

    var text: String { words.joined(separator: " ") }

    func validate() throws {
        guard !words.isEmpty else {
            throw ValidationError(Localized.text("give a ramen name, e.g. 신라면 or \"shin ramyun\""))
        }
    }
}
