import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    /// How other task apps write a repeating task with one occurrence done, as each one's file
    /// reaches the vdir: every one must move kit's task on exactly once.
    @Suite("A repeating task completed in another app advances once in kit")
    struct VdirRepeatingDoneTests {
        /// The ways apps write "this occurrence is done".
        enum App: String, CaseIterable, CustomTestStringConvertible {
            /// Tasks.org: the same VTODO, DUE and DTSTART moved to the next occurrence, COUNT one less.
            case tasksOrg
            /// Apple Reminders: DUE moved on, and the done occurrence as a separate, completed,
            /// non-repeating VTODO with a UID of its own.
            case apple
            /// Thunderbird and eM Client: the series kept, with a RECURRENCE-ID override completed.
            case thunderbird
            /// Nextcloud Tasks (and Tasks.org with "server handles recurring tasks"): the whole
            /// series COMPLETED, DUE where it was.
            case nextcloud

            var testDescription: String { rawValue }
        }

        static let uid = "series-1@phone.example"

        /// The series as the app first wrote it: daily at 09:00 UTC from 2030-01-10, five times.
        static func series(_ lines: [String], modified: Date, sequence: Int) -> [String] {
            [
                "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:\(VdirOutsideTests.utc(modified))",
                "LAST-MODIFIED:\(VdirOutsideTests.utc(modified))", "SEQUENCE:\(sequence)", "SUMMARY:water the plants",
            ] + lines + ["END:VTODO"]
        }

        static func calendar(_ components: [String]) -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//phone//EN"] + components + ["END:VCALENDAR", ""])
                .joined(separator: "\r\n")
        }

        /// The app's files after it marked the 2030-01-10 occurrence done: by name.
        static func done(by app: App) -> [String: String] {
            let later = Date(timeIntervalSinceNow: 60)
            let completed = "COMPLETED:\(VdirOutsideTests.utc(Date()))"
            switch app {
            case .tasksOrg:
                return [
                    "series.ics": calendar(
                        series(
                            [
                                "DTSTART:20300111T090000Z", "DUE:20300111T090000Z", "RRULE:FREQ=DAILY;COUNT=4",
                                "STATUS:NEEDS-ACTION",
                            ], modified: later, sequence: 1))
                ]
            case .apple:
                return [
                    "series.ics": calendar(
                        series(
                            [
                                "DTSTART:20300111T090000Z", "DUE:20300111T090000Z", "RRULE:FREQ=DAILY;COUNT=4",
                                "STATUS:NEEDS-ACTION",
                            ], modified: later, sequence: 1)),
                    "history.ics": calendar([
                        "BEGIN:VTODO", "UID:history-1@phone.example", "DTSTAMP:\(VdirOutsideTests.utc(later))",
                        "SUMMARY:water the plants", "DUE:20300110T090000Z", "STATUS:COMPLETED", completed,
                        "END:VTODO",
                    ]),
                ]
            case .thunderbird:
                return [
                    "series.ics": calendar(
                        series(
                            [
                                "DTSTART:20300110T090000Z", "DUE:20300110T090000Z", "RRULE:FREQ=DAILY;COUNT=5",
                                "STATUS:NEEDS-ACTION",
                            ], modified: later, sequence: 1)
                            + [
                                "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:\(VdirOutsideTests.utc(later))",
                                "RECURRENCE-ID:20300110T090000Z", "SUMMARY:water the plants",
                                "DTSTART:20300110T090000Z", "DUE:20300110T090000Z", "STATUS:COMPLETED", completed,
                                "END:VTODO",
                            ])
                ]
            case .nextcloud:
                return [
                    "series.ics": calendar(
                        series(
                            [
                                "DTSTART:20300110T090000Z", "DUE:20300110T090000Z", "RRULE:FREQ=DAILY;COUNT=5",
                                "STATUS:COMPLETED", completed, "PERCENT-COMPLETE:100",
                            ], modified: later, sequence: 1))
                ]
            }
        }

        @Test(
            "the app's way of marking one occurrence done moves kit's task to the next one, once",
            arguments: App.allCases)
        func advancesOnce(app: App) throws {
            let (kit, vdir) = try VdirTests.kitd()
            defer { kit.tearDown() }
            try VdirOutsideTests.put(
                Self.calendar(
                    Self.series(
                        [
                            "DTSTART:20300110T090000Z", "DUE:20300110T090000Z", "RRULE:FREQ=DAILY;COUNT=5",
                            "STATUS:NEEDS-ACTION",
                        ], modified: Date(), sequence: 0)), vdir, "series.ics")
            #expect(
                try VdirOutsideTests.eventually(kit) {
                    $0.contains { $0.uid == Self.uid && $0.dueAt == "2030-01-10T09:00:00.000000Z" }
                })
            for (name, text) in Self.done(by: app).sorted(by: { $0.key < $1.key }) {
                try VdirOutsideTests.put(text, vdir, name)
            }
            #expect(
                try VdirOutsideTests.eventually(kit) {
                    $0.contains {
                        $0.uid == Self.uid && $0.dueAt == "2030-01-11T09:00:00.000000Z" && $0.state == .open
                    }
                })
            // kitd writing its version back (if it does) is not read as one more occurrence done.
            #expect(
                try Wait.holds(for: .milliseconds(500)) {
                    try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.contains {
                        $0.uid == Self.uid && $0.dueAt == "2030-01-11T09:00:00.000000Z"
                    }
                })
            let tasks = try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks
            let series = try #require(tasks.first { $0.uid == Self.uid })
            #expect(series.dueAt == "2030-01-11T09:00:00.000000Z")
            #expect(series.state == .open)
            // The occurrences left: 11, 12, 13 and 14 January.
            let due = try ["2030-01-07", "2030-01-14"].flatMap { monday in
                try kit.kitctlJSON(["agenda", "--week", monday, "--json"], as: TaskAgendaResult.self).items ?? []
            }.filter { $0.id == series.id }.map(\.dueAt)
            #expect(due == (11...14).map { "2030-01-\($0)T09:00:00.000000Z" })
            let others = tasks.filter { $0.uid != Self.uid }
            if app == .apple {
                // The separate completed VTODO is history: kept as a done task, never open.
                #expect(others.map(\.state) == [.done])
            } else {
                #expect(others.isEmpty)
            }
            if app == .nextcloud {
                // kit's version goes back as a new revision, so the phone sees the series open again.
                let written = Subprocess.waitUntil(timeout: .seconds(10)) {
                    let text = (try? String(contentsOfFile: vdir + "/series.ics", encoding: .utf8)) ?? ""
                    return text.contains("STATUS:NEEDS-ACTION") && text.contains("SEQUENCE:2")
                        && text.contains("DUE:20300111T090000Z")
                }
                #expect(written)
            }
            let status = try kit.kitctlJSON(["sync", "status", "--json"], as: SyncStatusResult.self)
            #expect(status.collections.first?.unreadableCount == 0)
        }
    }
}
