import Foundation

/// One size's figures in the scale table (`ScaleFigures.table`).
struct ScaleColumn {
    let size: Int
    var ready = Double.nan
    var memory = ProcessProbe.Memory(rss: .nan, anonymous: .nan, pss: .nan)
    var idleWakeupsPerMinute = Double.nan
    var startOne = Double.nan
    var startPipelined = Double.nan
    var cancel = Double.nan
    var taskAdd = Double.nan
    var importSmall = Double.nan
    var getByTitle = Double.nan
    var load = "?"

    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init)
            ?? "?"
    }

    /// A row per figure, each size side by side with its ratio to the first size's figure.
    static func figures(_ columns: [ScaleColumn]) -> [Figure] {
        guard let base = columns.first, let last = columns.last else { return [] }
        func sizeName(_ size: Int) -> String { size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1000)k" }
        let heading = columns.map { "\(sizeName($0.size)) (load \($0.load))" }.joined(separator: " | ")
        func row(unit: String, digits: Int, ratio: Bool, _ value: (ScaleColumn) -> Double) -> String {
            columns.map { column in
                let text = "\(format(value(column), digits)) \(unit)"
                guard ratio, column.size != base.size else { return text }
                return text + " (\(format(value(column) / value(base), 2))×)"
            }.joined(separator: " | ")
        }
        func flat(_ value: (ScaleColumn) -> Double) -> Bool { value(last) / value(base) <= 1.5 }
        return [
            Figure(
                name: "scale: N timers and N tasks filled straight into the database", target: "N = …",
                measured: heading, met: nil),
            Figure(
                name: "  start → READY=1 (median of 3)", target: "< 1000 ms at 1M+1M",
                measured: row(unit: "ms", digits: 0, ratio: true) { $0.ready }, met: last.ready < 1000),
            Figure(
                name: "  RSS after 2 s idle", target: "< 150 MB at 1M+1M",
                measured: row(unit: "MiB", digits: 1, ratio: false) { $0.memory.rss },
                met: last.memory.rss * 1.048576 < 150),
            Figure(
                name: "  of which anonymous / PSS", target: "",
                measured: columns.map { "\(format($0.memory.anonymous, 1)) / \(format($0.memory.pss, 1)) MiB" }
                    .joined(separator: " | "), met: nil),
            Figure(
                name: "  idle wake-ups per minute", target: "0",
                measured: row(unit: "", digits: 0, ratio: false) { $0.idleWakeupsPerMinute },
                met: last.idleWakeupsPerMinute == 0),
            Figure(
                name: "  timer.start, one at a time", target: "≤ 1.5× the 10k figure",
                measured: row(unit: "µs", digits: 1, ratio: true) { $0.startOne }, met: flat { $0.startOne }),
            Figure(
                name: "  timer.start, pipelined (256 in flight)", target: "≤ 1.5×",
                measured: row(unit: "µs", digits: 1, ratio: true) { $0.startPipelined },
                met: flat { $0.startPipelined }),
            Figure(
                name: "  timer.cancel, one at a time", target: "≤ 1.5×",
                measured: row(unit: "µs", digits: 1, ratio: true) { $0.cancel }, met: flat { $0.cancel }),
            Figure(
                name: "  task.add, one at a time", target: "≤ 1.5×",
                measured: row(unit: "µs", digits: 1, ratio: true) { $0.taskAdd }, met: flat { $0.taskAdd }),
            Figure(
                name: "  task.get by title (any case), one at a time", target: "≤ 1.5×",
                measured: row(unit: "µs", digits: 1, ratio: true) { $0.getByTitle }, met: flat { $0.getByTitle }),
            Figure(
                name: "  task.import of 10 new VTODOs, one file at a time", target: "≤ 1.5×",
                measured: row(unit: "µs", digits: 1, ratio: true) { $0.importSmall }, met: flat { $0.importSmall }),
        ]
    }
}
