import Foundation
import KitClient
import KitCore
import KitProtocol
import KitTestSupport
import Synchronization

/// How long kitd's loop is held while it imports a calendar of the largest size it takes.
extension CalendarFigures {
    /// A file of `count` one-off VTODOs in Europe/Berlin: `count` new tasks in one write.
    static func todos(count: Int, prefix: String) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kit//bench//EN"]
        for index in 0..<count {
            let day = 1 + index % 28
            let hour = 9 + index % 8
            lines += [
                "BEGIN:VTODO", "UID:\(prefix)-\(index)@bench", "SUMMARY:Errand \(index)",
                "DUE;TZID=Europe/Berlin:203001\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour)0000",
                "END:VTODO",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// While a client imports a maximum-size calendar, a second client sends a cheap request
    /// (`timer.get`) every millisecond, and timers come due every 5 ms. The longest round trip and
    /// the latest timer (`latenessNs`, as kitd measures it) are the longest the loop was held.
    static func loopStall(runs: Int = 5) throws -> [Figure] {
        let documents: [(String, (Int) -> String)] = [
            ("2500 series + 2500 overrides", { document(series: 2_500, prefix: "stall\($0)") }),
            ("5000 one-off VTODOs", { todos(count: 5_000, prefix: "stall\($0)") }),
        ]
        var rows: [Figure] = []
        for (label, make) in documents {
            let daemon = try BenchDaemon()
            try daemon.start()
            defer { daemon.stop() }
            var roundTrips: [Double] = []
            var lateness: [Double] = []
            var imports: [Double] = []
            var bytes = 0
            for run in 0..<runs {
                let text = make(run)
                bytes = text.utf8.count
                let stall = try measureStall(daemon, importing: text)
                roundTrips.append(stall.roundTrip)
                lateness.append(stall.lateness)
                imports.append(stall.importTime)
            }
            let trip = Sample(roundTrips)
            let late = Sample(lateness)
            let whole = Sample(imports)
            rows += [
                Figure(
                    name: "loop held during a `task.import` of \(label) (\(bytes / 1000) KB): longest `timer.get` "
                        + "round trip while it runs (\(runs) runs)",
                    target: "report",
                    measured: "median \(format(trip.median)) ms, max \(format(trip.max)) ms", met: nil),
                Figure(
                    name: "  same, latest timer due during it (latenessNs)", target: "",
                    measured: "median \(format(late.median)) ms, max \(format(late.max)) ms", met: nil),
                Figure(
                    name: "  the import's own round trip", target: "",
                    measured: "median \(format(whole.median)) ms, max \(format(whole.max)) ms", met: nil),
            ]
        }
        return rows
    }

    /// One import of `text`, on a connection of its own, with probes around it; milliseconds.
    private static func measureStall(_ daemon: BenchDaemon, importing text: String) throws -> (
        roundTrip: Double, lateness: Double, importTime: Double
    ) {
        let events = try daemon.connect()
        _ = try events.call(
            Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired]))
        let probe = try LoopProbe(daemon)
        let timers = 300
        try Figures.startTimers((0..<timers).map { 0.05 + Double($0) * 0.005 }, on: try daemon.connect())
        let (longest, importTime) = try probe.longestRoundTrip(
            whileRunning: { importer in
                let began = monotonicSeconds()
                _ = try importer.callForLine(Method.taskImport, TaskImportParams(ics: text))
                return monotonicSeconds() - began
            }, on: daemon.socketPath)

        var latest = 0.0
        var fired = 0
        while fired < timers, let line = try events.readLine(timeout: .seconds(5)) {
            let event = try JSONDecoder().decode(EventParamsEnvelope<TimerFiredEvent>.self, from: Data(line)).params
            latest = max(latest, event.latenessNs.milliseconds)
            fired += 1
        }
        guard fired == timers else { throw HarnessError("only \(fired) of \(timers) timers fired") }
        return (longest, latest, importTime * 1000)
    }
}
