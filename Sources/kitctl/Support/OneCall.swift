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

extension OutputOptions {
    /// Prints kitd's answer: as JSON with `--json`, else as `text` makes it.
    func show<Result: WireValue>(_ result: Result, _ text: (Result) -> String) throws {
        if json { return try JSONOutput.print(result) }
        Terminal.writeLine(text(result))
    }
}

/// A command that is one request per REF it is given (`task done 10 11`, `timer cancel 차 라면`),
/// made in turn: one that fails is reported and the others still go (`ManyRefs.each`). Declared
/// as a `OneCall` is, without params: each request is the REF's `RefParams`.
protocol EachRefCall {
    /// The REFs: `TitleRefs<…>` (several ids, or one title of several words) or `TimerCalls.Refs`.
    associatedtype Arguments: SeveralRefs
    associatedtype Result: WireValue

    static var configuration: CommandConfiguration { get }
    static var method: RPCMethod<RefParams, Result> { get }
    /// What is printed for each REF without `--json`.
    static func text(_ result: Result) -> String
}

/// The arguments of an `EachRefCall`.
protocol SeveralRefs: ParsableArguments {
    var refs: [String] { get }
}

/// The command an `EachRefCall` declares; a parent lists it as `EachRefCommand<TaskCalls.Done>.self`.
struct EachRefCommand<Call: EachRefCall>: ParsableCommand {
    static var configuration: CommandConfiguration { Call.configuration }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var arguments: Call.Arguments

    func run() throws {
        try ManyRefs.each(arguments.refs) {
            try output.show(try global.call(Call.method, RefParams(ref: $0)), Call.text)
        }
    }
}
