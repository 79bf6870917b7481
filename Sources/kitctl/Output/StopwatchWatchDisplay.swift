import ArgumentParser
import KitClient
import KitCore
import KitLocalization
import KitProtocol

/// `kitctl sw watch`: keeps the last known state of the watched stopwatches and redraws them,
/// counting elapsed time on the client's monotonic clock between updates from kitd.
struct StopwatchWatchDisplay {
    private let ref: String?
    private let live: Bool
    private var shown: [(info: StopwatchInfo, learned: ContinuousClock.Instant)] = []
    private var drawnLines = 0

    init(ref: String?, live: Bool) {
        self.ref = ref
        self.live = live
    }

    mutating func run(_ connection: KitConnection) throws {
        try mappingClientErrors { () throws(ClientError) in
            _ = try connection.call(
                Method.eventsSubscribe, SubscribeParams(events: ["stopwatch.*"]))
        }
        try refresh(connection)
        var lastPlain = ContinuousClock.now - .seconds(1)
        while !Interrupt.happened {
            if live {
                draw()
            } else if ContinuousClock.now - lastPlain >= .seconds(1) {
                lastPlain = .now
                for line in lines() { Terminal.writeLine(line) }
            }
            let event = try mappingClientErrors { () throws(ClientError) in
                try connection.nextEvent(timeout: live ? .milliseconds(30) : .milliseconds(200))
            }
            if event != nil { try refresh(connection) }
        }
        if live && drawnLines > 0 { Terminal.write("\n") }
        // Ctrl-C ends watching, as it ends `timer wait`: exit 130, the stopwatches run on.
        throw ExitCode(130)
    }

    private mutating func refresh(_ connection: KitConnection) throws {
        let now = ContinuousClock.now
        if let ref {
            let info = try mappingClientErrors { () throws(ClientError) in
                try connection.call(Method.stopwatchGet, RefParams(ref: ref))
            }
            shown = [(info, now)]
        } else {
            let list = try mappingClientErrors { () throws(ClientError) in
                try connection.call(Method.stopwatchList, EmptyParams())
            }
            shown = list.stopwatches.filter { $0.state == .running }.map { ($0, now) }
        }
    }

    private func lines() -> [String] {
        if shown.isEmpty { return [Localized.text("no stopwatch is running")] }
        let width = shown.map { DisplayWidth.of($0.info.name) }.max() ?? 0
        return shown.map { item in
            var elapsed = item.info.elapsedNs
            if item.info.state == .running {
                let passed = ContinuousClock.now - item.learned
                elapsed += Nanoseconds(passed)
            }
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(item.info.name)))
            return
                "\(item.info.name)\(padding)  \(StopwatchText.elapsed(elapsed))  \(StateWords.stopwatch(item.info.state))"
        }
    }

    private mutating func draw() {
        let current = lines()
        var text = drawnLines > 1 ? "\u{1B}[\(drawnLines - 1)A" : ""
        for (index, line) in current.enumerated() {
            text += "\r\u{1B}[2K" + line + (index < current.count - 1 ? "\n" : "")
        }
        // Clear lines left over from a longer list.
        if current.count < drawnLines {
            for _ in current.count..<drawnLines { text += "\n\r\u{1B}[2K" }
            text += "\u{1B}[\(drawnLines - current.count)A"
        }
        Terminal.write(text)
        drawnLines = current.count
    }
}
