import Foundation
import KitTestSupport

/// `make bench`: measures kitd's figures against a release build and prints them as a table.
/// Pass figure names to run some: lateness notify sound idle kitctl get startcancel startup diary ics-import ….
@main
enum KitBench {
    static let all: [(String, @Sendable () throws -> [Figure])] = [
        ("lateness", { try Figures.lateness() }),
        ("notify", { try Figures.notificationLatency() }),
        ("popup-burst", { try PopupFigures.burst() }),
        ("bar", { try BarFigures.wakeups() }),
        ("scale-start", { try ScaleFigures.timerStart() }),
        ("scale", { try ScaleFigures.table() }),
        ("scale-lateness", { try ScaleFigures.lateness() }),
        ("scale-zone", { try ScaleFigures.zoneChange() }),
        ("scale-export", { try ScaleFigures.export() }),
        ("sound", { try SoundFigures.fireToStream() }),
        ("idle", { try Figures.idleWakeups() }),
        ("kitctl", { try Figures.kitctlStart() }),
        ("get", { try RequestPathFigures.timerGet() }),
        ("startcancel", { try Figures.startCancelThroughput() }),
        ("startup", { try Figures.startupAndMemory() }),
        ("ramen-list", { try RamenFigures.listCommand() }),
        ("ramen-search", { try RamenFigures.searchTenThousand() }),
        ("sw-list", { try StopwatchFigures.listCommand() }),
        ("sw-idle", { try StopwatchFigures.idleWakeups() }),
        ("task-lateness", { try TaskFigures.lateness() }),
        ("task-agenda", { try TaskFigures.agendaMonth() }),
        ("task-startup", { try TaskFigures.startup() }),
        ("task-next", { try TaskFigures.nextOccurrenceFarAhead() }),
        ("korean-when", { try KoreanFigures.whenParse() }),
        ("lunar", { try KoreanFigures.lunar() }),
        ("ics-import", { try CalendarFigures.importFile() }),
        ("ics-agenda", { try CalendarFigures.agendaWithExceptions() }),
        ("ics-stall", { try CalendarFigures.loopStall() }),
        ("watched", { try WatchedFigures.figures() }),
        ("vdir-writes", { try TaskFigures.vdirWriteCost() }),
        ("vdir-read", { try TaskFigures.vdirReadLatency() }),
        ("sha256", { try TaskFigures.sha256Throughput() }),
        ("sync-idle", { try TaskFigures.syncIdleWakeups() }),
        ("sync-phone", { try SyncFigures.phoneCompletion() }),
        ("sync-merge", { try SyncFigures.mergePerFile() }),
        ("place", { try PlaceFigures.tagsAndPick() }),
        ("diary", { try DiaryFigures.searchAndList() }),
    ]

    static func main() {
        let wanted = Set(CommandLine.arguments.dropFirst())
        var rows: [Figure] = []
        for (name, run) in all where wanted.isEmpty || wanted.contains(name) {
            FileHandle.standardError.write(Data("bench: \(name)…\n".utf8))
            do {
                rows += try run()
            } catch {
                rows.append(Figure(name: name, target: "", measured: "FAILED: \(error)", met: false))
            }
        }
        let widths = (rows.map(\.name.count).max() ?? 0, rows.map(\.target.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        print(pad("figure", widths.0) + "  " + pad("target", widths.1) + "  measured")
        for row in rows {
            let verdict = row.met.map { $0 ? "  ok" : "  MISSED" } ?? ""
            print(pad(row.name, widths.0) + "  " + pad(row.target, widths.1) + "  " + row.measured + verdict)
        }
        // A missed target is a finding, reported in the table; only a figure that could not be
        // measured at all fails the command.
        if rows.contains(where: { $0.measured.hasPrefix("FAILED") }) { exit(1) }
    }
}
