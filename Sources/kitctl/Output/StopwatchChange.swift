import KitProtocol

/// What start, stop, reset and delete share: one call on a REF, then one line or JSON.
enum StopwatchChange {
    static func run(
        _ method: RPCMethod<StopwatchRefParams, StopwatchInfo>, ref: String, past did: (String) -> String,
        global: GlobalOptions,
        output: OutputOptions
    )
        throws
    {
        let stopwatch = try global.call(method, StopwatchRefParams(ref: ref))
        if output.json { return try JSONOutput.print(stopwatch) }
        Terminal.writeLine(StopwatchText.summary(did, stopwatch))
    }
}
