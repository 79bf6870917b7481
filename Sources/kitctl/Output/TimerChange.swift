import KitProtocol

/// What pause, resume and cancel share: one call on a REF, then the timer or one line.
enum TimerChange {
    static func run(
        _ method: RPCMethod<TimerRefParams, TimerInfo>, ref: String, past did: (String) -> String,
        global: GlobalOptions,
        output: OutputOptions
    )
        throws
    {
        let timer = try global.call(method, TimerRefParams(ref: ref))
        if output.json { return try JSONOutput.print(timer) }
        Terminal.writeLine(TimerText.summary(did, timer))
    }
}
