import ArgumentParser

/// The REF of a command that acts on one record (`timer pause 차`, `sw stop 공부`, `place show
/// 칼국수`), declared once: its kind says how `--help` describes it and where completion finds
/// candidates. A command takes it as `@OptionGroup var one: OneRef<StopwatchRefs>` and reads
/// `one.ref`; arguments it declares after that come after the REF.
struct OneRef<Kind: RefKind>: ParsableArguments {
    @Argument(help: ArgumentHelp(Kind.help, valueName: "ref"), completion: .custom(Kind.complete))
    var ref: String
}
