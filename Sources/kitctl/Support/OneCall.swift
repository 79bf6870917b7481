import ArgumentParser
import KitProtocol

/// A command that is one request, made from one group of arguments, and its answer printed
/// (`ramen show 너구리`, `timer pause 차`, `memo search 두부`), declared as its help, its method,
/// its params and its text. The options, the call, `--json` and the printing are
/// `OneCallCommand`'s, written once.
protocol OneCall {
    /// What the command takes: a REF (`OneRef<…>`, `TitleRef<…>`), a `RamenName`, `SearchOptions`,
    /// `NoArguments`, or a struct of its own (`StopwatchCalls.Rename.Arguments`).
    associatedtype Arguments: ParsableArguments
    associatedtype Params: WireValue
    associatedtype Result: WireValue

    static var configuration: CommandConfiguration { get }
    static var method: RPCMethod<Params, Result> { get }
    static func params(_ arguments: Arguments) -> Params
    /// What is printed without `--json`.
    static func text(_ result: Result) -> String
}

/// The command a `OneCall` declares; a parent lists it as `OneCallCommand<RamenCalls.Show>.self`.
struct OneCallCommand<Call: OneCall>: ParsableCommand {
    static var configuration: CommandConfiguration { Call.configuration }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var arguments: Call.Arguments

    func run() throws {
        try output.show(try global.call(Call.method, Call.params(arguments)), Call.text)
    }
}

/// The arguments of a `OneCall` that takes none (`memo list`).
struct NoArguments: ParsableArguments {}
