import ArgumentParser

/// The REF of a command that acts on one memo, diary entry or task (`memo pin 장보기 목록`, `diary
/// show 2026-11-20`): every word after the command, joined by spaces, so a title needs no quotes.
/// Declared once: the kind says how `--help` describes it, what an empty one is told, and where
/// completion finds candidates. A command takes it as `@OptionGroup var one: TitleRef<MemoRefs>`
/// and reads `one.ref`.
struct TitleRef<Kind: TitleRefKind>: ParsableArguments {
    @Argument(help: ArgumentHelp(Kind.help, valueName: "ref"), completion: .custom(Kind.complete))
    var words: [String] = []

    func validate() throws {
        guard !words.isEmpty else { throw ValidationError(Kind.missing) }
    }

    var ref: String { words.joined(separator: " ") }
}

/// `TitleRef` for a command that also takes several ids (`task done 10 11`, `memo delete 4 5`),
/// each done in turn (`ManyRefs`); words that are not all ids are one title.
struct TitleRefs<Kind: TitleRefKind>: SeveralRefs {
    @Argument(help: ArgumentHelp(Kind.several, valueName: "ref"), completion: .custom(Kind.complete))
    var words: [String] = []

    func validate() throws {
        guard !words.isEmpty else { throw ValidationError(Kind.missing) }
    }

    var refs: [String] { ManyRefs.refs(inWords: words) }
}
