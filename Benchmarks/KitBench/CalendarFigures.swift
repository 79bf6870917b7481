import Foundation
import KitCore
import KitStore
import KitTestSupport

/// Figures for iCalendar series: importing a big file with exceptions and overrides, and the
/// agenda's cost with exceptions against without.
enum CalendarFigures {
    /// A file of `series` weekly meetings in Europe/Berlin, each with one EXDATE and one moved
    /// occurrence (a RECURRENCE-ID component of its own): 2 × `series` components.
    static func document(series: Int, prefix: String) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kit//bench//EN"]
        for index in 0..<series {
            let day = 1 + index % 28
            let hour = 9 + index % 8
            let stamp = { (month: Int, hour: Int, minute: Int) in
                "2030\(month < 10 ? "0" : "")\(month)\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour)"
                    + (minute == 0 ? "0000" : "3000")
            }
            let uid = "UID:\(prefix)-\(index)@bench"
            lines += [
                "BEGIN:VEVENT", uid, "SUMMARY:Meeting \(index)", "DTSTART;TZID=Europe/Berlin:" + stamp(1, hour, 0),
                "RRULE:FREQ=WEEKLY", "EXDATE;TZID=Europe/Berlin:" + stamp(2, hour, 0), "END:VEVENT",
                "BEGIN:VEVENT", uid, "RECURRENCE-ID;TZID=Europe/Berlin:" + stamp(3, hour, 0),
                "DTSTART;TZID=Europe/Berlin:" + stamp(3, hour + 1, 30), "SUMMARY:Meeting \(index) (moved)",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// `kitctl task import` of 2,500 series with 2,500 overrides (5,000 components, about 850 KB,
    /// under kitd's 1 MiB request limit), a new set of UIDs each run.
    static func importFile(series: Int = 2_500, runs: Int = 5) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        defer { daemon.stop() }
        var times: [Double] = []
        var bytes = 0
        for run in 0..<runs {
            let text = document(series: series, prefix: "run\(run)")
            bytes = text.utf8.count
            let path = daemon.root.path + "/import-\(run).ics"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let (time, output) = try daemon.timeKitctl(["task", "import", path], runs: 1)
            guard output.hasPrefix("Imported \(series) tasks") else { throw HarnessError("import said: \(output)") }
            times += time
        }
        let sample = Sample(times)
        return [
            Figure(
                name:
                    "`kitctl task import` of \(series) series + \(series) overrides (\(bytes / 1000) KB), whole command "
                    + "(\(runs) runs)",
                target: "< 1 s",
                measured: "median \(format(sample.median)) ms, max \(format(sample.max)) ms",
                met: sample.median < 1000)
        ]
    }

    /// `kitctl agenda --month` over 1,000 weekly series, without exceptions and with ten each
    /// (five EXDATEs and five moved occurrences in the next weeks).
    static func agendaWithExceptions(series: Int = 1_000, runs: Int = 30) throws -> [Figure] {
        var rows: [Figure] = []
        for exceptions in [false, true] {
            let daemon = try BenchDaemon()
            try daemon.start()
            daemon.stop()
            let database = try KitDatabase.open(path: daemon.databasePath, logger: .init(label: "bench"))
            let now = WallTime(seconds: Date().timeIntervalSince1970)
            let today = CivilDateTime(now, in: FixedOffset.utc).date
            let weekly = try Recurrence.parse("weekly")
            let makers: [(Int64) -> TaskItem] = (0..<series).map { index in
                let anchor = CivilDateTime(date: today.adding(days: index % 7), hour: 8 + index % 10)
                var dates = SeriesDates()
                if exceptions {
                    dates = SeriesDates(
                        removed: (1...5).map { anchor.adding(days: 7 * $0) },
                        overrides: (6...10).map {
                            SeriesDates.Override(
                                original: anchor.adding(days: 7 * $0), start: anchor.adding(days: 7 * $0 + 1),
                                title: "moved")
                        })
                }
                return { id in
                    TaskItem(
                        id: id, uid: "series-\(index)@bench", title: "series \(index)", anchor: anchor,
                        recurrence: weekly, dates: dates, createdAt: now)
                }
            }
            _ = try database.tasks.insertTasks(makers)
            try database.commit()
            try daemon.start()
            let (times, _) = try daemon.timeKitctl(["agenda", "--month"], runs: runs)
            daemon.stop()
            let sample = Sample(times)
            rows.append(
                Figure(
                    name: "`kitctl agenda --month` with \(series) weekly series, "
                        + (exceptions ? "10 exceptions each" : "no exceptions") + " (\(runs) runs)",
                    target: "report",
                    measured: "median \(format(sample.median)) ms, p90 \(format(sample.percentile(90))) ms",
                    met: nil))
        }
        return rows
    }
}
