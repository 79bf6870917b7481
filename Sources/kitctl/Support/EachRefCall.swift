import ArgumentParser
import KitProtocol

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
