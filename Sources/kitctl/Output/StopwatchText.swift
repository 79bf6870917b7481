import KitCore
import KitLocalization
import KitProtocol

/// How kitctl writes stopwatches for people.
enum StopwatchText {
    static func elapsed(_ nanoseconds: Nanoseconds) -> String { StopwatchFormat.elapsed(nanoseconds) }

    static func started(_ stopwatch: StopwatchInfo) -> String {
        guard let text = stopwatch.startedAt, let instant = Timestamp.parse(text) else { return "-" }
        return LocalClock.short(instant, now: TimerText.currentWallTime())
    }

    static func table(_ list: [StopwatchInfo]) -> String {
        var table = Table(
            Localized.text("ID"), Localized.text("NAME"), Localized.text("STATE"), Localized.text("ELAPSED"),
            Localized.text("LAPS"), Localized.text("STARTED"))
        for stopwatch in list {
            table.add(
                "\(stopwatch.id)", stopwatch.name, StateWords.stopwatch(stopwatch.state), elapsed(stopwatch.elapsedNs),
                "\(stopwatch.laps)",
                started(stopwatch))
        }
        return table.render()
    }

    /// `did` says what happened to the stopwatch, given its name (`Stopped pasta`).
    static func summary(_ did: (String) -> String, _ stopwatch: StopwatchInfo) -> String {
        did(stopwatch.name) + ": " + elapsed(stopwatch.elapsedNs)
    }

    /// Laps as CSV: a header and one row a lap, times both written out and in seconds.
    static func csv(_ laps: [LapInfo]) -> String {
        CSV.write(
            [["number", "lap", "total", "lap_seconds", "total_seconds", "note", "at"]]
                + laps.map {
                    [
                        "\($0.number)", elapsed($0.lapNs), elapsed($0.totalNs), seconds($0.lapNs),
                        seconds($0.totalNs), $0.note ?? "", $0.at,
                    ]
                })
    }

    /// Seconds with their fraction, as the CSV's `_seconds` columns give them.
    private static func seconds(_ nanoseconds: Nanoseconds) -> String { "\(nanoseconds.seconds)" }

    static func lapTable(_ laps: [LapInfo]) -> String {
        var table = Table("#", Localized.text("LAP"), Localized.text("TOTAL"), Localized.text("NOTE"))
        for lap in laps {
            table.add("\(lap.number)", elapsed(lap.lapNs), elapsed(lap.totalNs), lap.note ?? "")
        }
        return table.render()
    }

    /// `sw show`: the stopwatch, then its laps.
    static func details(_ result: StopwatchLapsResult) -> String {
        let stopwatch = result.stopwatch
        var details = Details(Localized.text("stopwatch %1$s (%2$s)", String(stopwatch.id), stopwatch.name))
        details.add(Localized.text("state:"), StateWords.stopwatch(stopwatch.state))
        details.add(Localized.text("elapsed:"), elapsed(stopwatch.elapsedNs))
        if stopwatch.state == .running { details.add(Localized.text("started:"), started(stopwatch)) }
        details.add(
            Localized.text("notice:"),
            stopwatch.remindAfterNs > 0
                ? Localized.text(
                    "after %s of running, repeating", String(elapsed(stopwatch.remindAfterNs).dropLast(3))
                )
                : Localized.text("off"))
        var text = details.render()
        if !result.laps.isEmpty { text += "\n\n" + lapTable(result.laps) }
        return text
    }
}
