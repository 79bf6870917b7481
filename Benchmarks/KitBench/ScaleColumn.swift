import Foundation
import KitTestSupport

/// One size's figures in the scale table (`ScaleFigures.table`).
struct ScaleColumn {
    let size: Int
    var ready = Double.nan
    /// The first start after the fill, which works out every task's instants.
    var firstReady = Double.nan
    var memory = ProcessProbe.Memory(rss: .nan, anonymous: .nan, pss: .nan)
    var idleWakeupsPerMinute = Double.nan
    var startOne = Double.nan
    var startPipelined = Double.nan
    var cancel = Double.nan
    var taskAdd = Double.nan
    var importSmall = Double.nan
    var getByTitle = Double.nan
    var listFirst = Double.nan
    var listDeep = Double.nan
    /// The whole list in pages of 10,000: seconds, and the longest page's round trip in ms.
    var listWhole = (seconds: Double.nan, longestPage: Double.nan)
    var load = "?"

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
        /// A per-operation row: microseconds at each size, each with its ratio to the first.
        func perOperation(_ name: String, target: String = "≤ 1.5×", _ figure: KeyPath<ScaleColumn, Double>) -> Figure {
            Figure(
                name: "  " + name, target: target,
                measured: row(unit: "µs", digits: 1, ratio: true) { $0[keyPath: figure] },
                met: flat { $0[keyPath: figure] })
        }
        return [
            Figure(
                name: "scale: N timers and N tasks filled straight into the database", target: "N = …",
                measured: heading, met: nil),
            Figure(
                name: "  start → READY=1 (median of 3)", target: "< 1000 ms at 1M+1M",
                measured: row(unit: "ms", digits: 0, ratio: true) { $0.ready }, met: last.ready < 1000),
            Figure(
                name: "  first start after the fill (works out every task's instants, once)", target: "report",
                measured: row(unit: "ms", digits: 0, ratio: true) { $0.firstReady }, met: nil),
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
            perOperation("timer.list, the first page of 1000", \.listFirst),
            perOperation("timer.list, a page of 1000 nine tenths down the list", \.listDeep),
            Figure(
                name: "  timer.list, the whole list in pages of 10,000: all of it / the longest page", target: "report",
                measured: columns.map {
                    "\(format($0.listWhole.seconds, 2)) s / \(format($0.listWhole.longestPage, 1)) ms"
                }.joined(separator: " | "), met: nil),
            perOperation("timer.start, one at a time", target: "≤ 1.5× the 10k figure", \.startOne),
            perOperation("timer.start, pipelined (256 in flight)", \.startPipelined),
            perOperation("timer.cancel, one at a time", \.cancel),
            perOperation("task.add, one at a time", \.taskAdd),
            perOperation("task.get by title (any case), one at a time", \.getByTitle),
            perOperation("task.import of 10 new VTODOs, one file at a time", \.importSmall),
        ]
    }
}
