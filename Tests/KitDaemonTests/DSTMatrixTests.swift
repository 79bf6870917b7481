import Foundation
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// WHENs typed at one moment, each with the instant it must be due at.
///
/// The expected instants are written out by hand from each zone's offsets (checked with
/// `zdump -v` and Python's `zoneinfo`, whose `fold=0` is RFC 5545's reading), never computed by
/// kit: a local time DST skips is read with the offset from before the gap, one it repeats is the
/// first of the two, an explicit offset is exact, and `in …` is now plus the duration.
struct DSTMoment: Sendable, CustomTestStringConvertible {
    /// The virtual clock, in UTC, whole seconds.
    var now: String
    /// Each WHEN and the due instant as kit reports it; nil when kit must refuse the WHEN (its
    /// time has passed).
    var rows: [(when: String, expected: String?)]
    /// The `[tasks] all_day_time` setting; nil for the default, 09:00.
    var allDayTime: String?

    var testDescription: String {
        "\(rows.count) WHENs at \(now)\(allDayTime.map { " (all day at \($0))" } ?? "")"
    }

    /// WHENs that share a moment, checked against one kitd (one test case; each row's
    /// expectation names it).
    static func at(_ now: String, allDayTime: String? = nil, _ rows: [(String, String?)]) -> [DSTMoment] {
        [DSTMoment(now: now, rows: rows.map { (when: $0.0, expected: $0.1) }, allDayTime: allDayTime)]
    }
}

/// Whose zone a task's WHEN is read in.
enum DSTZoneUse: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The system zone is the zone under test, and the task follows it (no `--tz`).
    case following
    /// The system zone is Asia/Seoul (no DST), and the task is pinned with `--tz`.
    case pinned

    var testDescription: String { rawValue }
}

/// Issue 15: every WHEN form on both sides of both DST transitions of 2027 in New York, Berlin,
/// Lord Howe (a 30-minute shift) and Santiago (a transition at midnight), for tasks that follow
/// the system zone and tasks pinned to it with `--tz`.
@Suite("WHEN forms around DST transitions")
struct DSTMatrixTests {
    /// Adds a task due each of `moment`'s WHENs at its moment, and checks its due instant.
    private func check(_ moment: DSTMoment, in zone: String, _ use: DSTZoneUse) throws {
        let kit = try DrivenDaemon(systemZone: use == .following ? zone : "Asia/Seoul")
        defer { kit.stop() }
        if let allDayTime = moment.allDayTime {
            try "[tasks]\nall_day_time = \"\(allDayTime)\"\n".write(
                toFile: kit.directory + "/config.toml", atomically: true, encoding: .utf8)
            try kit.restart()
        }
        let now = try #require(ISO8601DateFormatter().date(from: moment.now))
        let target = WallTime(nanoseconds: Int64(now.timeIntervalSince1970) * Nanoseconds.nanosecondsPerSecond)
        kit.clock.jump(by: target - kit.clock.now().wall)
        for (when, expected) in moment.rows {
            let params = TaskAddParams(title: "x", due: when, tz: use == .pinned ? zone : nil)
            guard let expected else {
                #expect(throws: KitError.self, "'\(when)' at \(moment.now) is refused") { try kit.tasks.add(params) }
                continue
            }
            let task = try kit.tasks.add(params)
            #expect(task.dueAt == expected, "'\(when)' at \(moment.now)")
            #expect(!task.overdue, "'\(when)' at \(moment.now): a WHEN kit accepts is due after now")
        }
    }

    // MARK: New York: EST is -05:00, EDT -04:00.

    /// Sunday 2027-03-14 00:30 EST; at 02:00 EST the clocks go to 03:00 EDT.
    static let newYorkSpringForward =
        DSTMoment.at(
            "2027-03-14T05:30:00Z",
            [
                ("01:59", "2027-03-14T06:59:00.000000Z"),  // 01:59 EST
                ("02:00", "2027-03-14T07:00:00.000000Z"),  // 02:00 EST, 03:00 EDT
                ("02:30", "2027-03-14T07:30:00.000000Z"),  // 02:30 EST, 03:30 EDT
                ("02:59:59", "2027-03-14T07:59:59.000000Z"),
                ("03:00", "2027-03-14T07:00:00.000000Z"),  // 03:00 EDT
                ("03:30", "2027-03-14T07:30:00.000000Z"),  // 03:30 EDT: the same instant as 02:30
                ("18:00:30", "2027-03-14T22:00:30.000000Z"),
                ("noon", "2027-03-14T16:00:00.000000Z"),
                ("12am", nil),  // 00:00 EST today has passed
                ("today 02:30", "2027-03-14T07:30:00.000000Z"),
                ("sun 02:30", "2027-03-14T07:30:00.000000Z"),  // today, still ahead
                ("next sun 02:30", "2027-03-21T06:30:00.000000Z"),  // 02:30 EDT a week on
                ("tomorrow 12am", "2027-03-15T04:00:00.000000Z"),  // 00:00 EDT
                ("in 1h", "2027-03-14T06:30:00.000000Z"),  // 01:30 EST
                ("in 2h", "2027-03-14T07:30:00.000000Z"),  // 03:30 EDT
                ("2027-03-14", "2027-03-14T13:00:00.000000Z"),  // 09:00 EDT
                ("2027-03-14 02:30", "2027-03-14T07:30:00.000000Z"),
                ("2027-03-14T02:30", "2027-03-14T07:30:00.000000Z"),
                ("2027-03-14T02:30-05:00", "2027-03-14T07:30:00.000000Z"),
                ("2027-03-14 03:30-04:00", "2027-03-14T07:30:00.000000Z"),
                ("2027-03-14T02:30-04:00", "2027-03-14T06:30:00.000000Z"),  // exact: 01:30 EST
                ("2027-03-14T07:30Z", "2027-03-14T07:30:00.000000Z"),
            ])
        // Saturday 2027-03-13 22:00 EST, the eve.
        + DSTMoment.at(
            "2027-03-14T03:00:00Z",
            [
                ("11pm", "2027-03-14T04:00:00.000000Z"),  // 23:00 EST
                ("tomorrow", "2027-03-14T13:00:00.000000Z"),  // 09:00 EDT
                ("tomorrow 1:59", "2027-03-14T06:59:00.000000Z"),  // 01:59 EST
                ("tomorrow 02:30", "2027-03-14T07:30:00.000000Z"),  // 02:30 EST, 03:30 EDT
                ("tomorrow at 3:00", "2027-03-14T07:00:00.000000Z"),  // 03:00 EDT
                ("next sun 02:30", "2027-03-14T07:30:00.000000Z"),
                ("in 4h30m", "2027-03-14T07:30:00.000000Z"),  // 03:30 EDT
                ("in 1 day", "2027-03-15T03:00:00.000000Z"),  // 23:00 EDT: 24 hours, not 22:00
            ])

    /// Sunday 2027-11-07 00:30 EDT; at 02:00 EDT the clocks go back to 01:00 EST.
    static let newYorkFallBack =
        DSTMoment.at(
            "2027-11-07T04:30:00Z",
            [
                ("00:59", "2027-11-07T04:59:00.000000Z"),  // 00:59 EDT
                ("01:00", "2027-11-07T05:00:00.000000Z"),  // the first 01:00, EDT
                ("01:30", "2027-11-07T05:30:00.000000Z"),
                ("01:59:59", "2027-11-07T05:59:59.000000Z"),
                ("02:00", "2027-11-07T07:00:00.000000Z"),  // 02:00 EST
                ("6:30pm", "2027-11-07T23:30:00.000000Z"),  // 18:30 EST
                ("sun 01:30", "2027-11-07T05:30:00.000000Z"),
                ("next sun 01:30", "2027-11-14T06:30:00.000000Z"),  // 01:30 EST a week on
                ("tomorrow 01:30", "2027-11-08T06:30:00.000000Z"),  // 01:30 EST
                ("in 1h", "2027-11-07T05:30:00.000000Z"),  // the first 01:30, EDT
                ("in 1h30m", "2027-11-07T06:00:00.000000Z"),  // the second 01:00, EST
                ("in 2h", "2027-11-07T06:30:00.000000Z"),  // the second 01:30, EST
                ("2027-11-07", "2027-11-07T14:00:00.000000Z"),  // 09:00 EST
                ("2027-11-07 01:30", "2027-11-07T05:30:00.000000Z"),
                ("2027-11-07T01:30-0500", "2027-11-07T06:30:00.000000Z"),
                ("2027-11-07 01:30-04:00", "2027-11-07T05:30:00.000000Z"),
            ])
        // 01:10 EST, in the second 01:xx hour: the first 01:30 has passed.
        + DSTMoment.at(
            "2027-11-07T06:10:00Z",
            [
                ("01:30", nil),
                ("at 1:30am", nil),
                ("02:00", "2027-11-07T07:00:00.000000Z"),
                ("sun 01:30", "2027-11-14T06:30:00.000000Z"),  // today's has passed: next week
                ("sun", "2027-11-07T14:00:00.000000Z"),
                ("in 20m", "2027-11-07T06:30:00.000000Z"),
                ("2027-11-07T01:30-05:00", "2027-11-07T06:30:00.000000Z"),
            ])
        // Saturday 2027-11-06 22:00 EDT, the eve.
        + DSTMoment.at(
            "2027-11-07T02:00:00Z",
            [
                ("tomorrow", "2027-11-07T14:00:00.000000Z"),  // 09:00 EST
                ("tomorrow 01:30", "2027-11-07T05:30:00.000000Z"),  // the first, EDT
                ("next sun 1:30am", "2027-11-07T05:30:00.000000Z"),
                ("in 4h", "2027-11-07T06:00:00.000000Z"),  // the second 01:00
                ("in 1 day", "2027-11-08T02:00:00.000000Z"),  // 21:00 EST
            ])

    @Test("New York springs forward on 2027-03-14", arguments: DSTZoneUse.allCases, newYorkSpringForward)
    func newYorkSpring(_ use: DSTZoneUse, _ moment: DSTMoment) throws { try check(moment, in: "America/New_York", use) }

    @Test("New York falls back on 2027-11-07", arguments: DSTZoneUse.allCases, newYorkFallBack)
    func newYorkFall(_ use: DSTZoneUse, _ moment: DSTMoment) throws { try check(moment, in: "America/New_York", use) }

    // MARK: Berlin: CET is +01:00, CEST +02:00.

    /// Sunday 2027-03-28 00:30 CET; at 02:00 CET the clocks go to 03:00 CEST.
    static let berlinSpringForward =
        DSTMoment.at(
            "2027-03-27T23:30:00Z",
            [
                ("02:00", "2027-03-28T01:00:00.000000Z"),  // 02:00 CET, 03:00 CEST
                ("02:30", "2027-03-28T01:30:00.000000Z"),
                ("at 2:30am", "2027-03-28T01:30:00.000000Z"),
                ("03:30", "2027-03-28T01:30:00.000000Z"),
                ("sun 02:30", "2027-03-28T01:30:00.000000Z"),
                ("next sun 02:30", "2027-04-04T00:30:00.000000Z"),  // 02:30 CEST a week on
                ("in 1h30m", "2027-03-28T01:00:00.000000Z"),  // 03:00 CEST
                ("in 2h", "2027-03-28T01:30:00.000000Z"),
                ("2027-03-28", "2027-03-28T07:00:00.000000Z"),  // 09:00 CEST
                ("2027-03-28 02:30", "2027-03-28T01:30:00.000000Z"),
                ("2027-03-28T02:30+01:00", "2027-03-28T01:30:00.000000Z"),
                ("2027-03-28T02:30+02:00", "2027-03-28T00:30:00.000000Z"),  // exact: 01:30 CET
            ])
        // Saturday 2027-03-27 23:00 CET, the eve.
        + DSTMoment.at(
            "2027-03-27T22:00:00Z",
            [
                ("tomorrow", "2027-03-28T07:00:00.000000Z"),
                ("tomorrow 02:30", "2027-03-28T01:30:00.000000Z"),
                ("sun 2:30am", "2027-03-28T01:30:00.000000Z"),
                ("in 3h", "2027-03-28T01:00:00.000000Z"),  // 03:00 CEST
            ])

    /// Sunday 2027-10-31 01:30 CEST; at 03:00 CEST the clocks go back to 02:00 CET.
    static let berlinFallBack =
        DSTMoment.at(
            "2027-10-30T23:30:00Z",
            [
                ("02:00", "2027-10-31T00:00:00.000000Z"),  // the first 02:00, CEST
                ("02:30", "2027-10-31T00:30:00.000000Z"),
                ("03:00", "2027-10-31T02:00:00.000000Z"),  // 03:00 CET
                ("tomorrow 02:30", "2027-11-01T01:30:00.000000Z"),  // 02:30 CET
                ("in 1h", "2027-10-31T00:30:00.000000Z"),  // the first 02:30
                ("in 1h30m", "2027-10-31T01:00:00.000000Z"),  // the second 02:00, CET
                ("in 2h", "2027-10-31T01:30:00.000000Z"),  // the second 02:30
                ("2027-10-31", "2027-10-31T08:00:00.000000Z"),  // 09:00 CET
                ("2027-10-31 02:30", "2027-10-31T00:30:00.000000Z"),
                ("2027-10-31T02:30+01:00", "2027-10-31T01:30:00.000000Z"),
                ("2027-10-31 02:30+02:00", "2027-10-31T00:30:00.000000Z"),
            ])
        // 02:10 CET, in the second 02:xx hour.
        + DSTMoment.at(
            "2027-10-31T01:10:00Z",
            [
                ("02:30", nil),
                ("03:00", "2027-10-31T02:00:00.000000Z"),
                ("sun 02:30", "2027-11-07T01:30:00.000000Z"),
                ("in 20m", "2027-10-31T01:30:00.000000Z"),
                ("2027-10-31T02:30+01:00", "2027-10-31T01:30:00.000000Z"),
            ])
        // Saturday 2027-10-30 22:00 CEST, the eve.
        + DSTMoment.at(
            "2027-10-30T20:00:00Z",
            [
                ("tomorrow 02:30", "2027-10-31T00:30:00.000000Z"),
                ("sun", "2027-10-31T08:00:00.000000Z"),
                ("in 5h", "2027-10-31T01:00:00.000000Z"),  // the second 02:00
            ])

    @Test("Berlin springs forward on 2027-03-28", arguments: DSTZoneUse.allCases, berlinSpringForward)
    func berlinSpring(_ use: DSTZoneUse, _ moment: DSTMoment) throws { try check(moment, in: "Europe/Berlin", use) }

    @Test("Berlin falls back on 2027-10-31", arguments: DSTZoneUse.allCases, berlinFallBack)
    func berlinFall(_ use: DSTZoneUse, _ moment: DSTMoment) throws { try check(moment, in: "Europe/Berlin", use) }

    // MARK: Lord Howe: +10:30 in winter, +11:00 in summer, a 30-minute shift.

    /// Sunday 2027-10-03 01:00 +10:30; at 02:00 +10:30 the clocks go to 02:30 +11:00.
    static let lordHoweSpringForward =
        DSTMoment.at(
            "2027-10-02T14:30:00Z",
            [
                ("01:59", "2027-10-02T15:29:00.000000Z"),  // 01:59 +10:30
                ("02:00", "2027-10-02T15:30:00.000000Z"),  // 02:00 +10:30, 02:30 +11:00
                ("02:15", "2027-10-02T15:45:00.000000Z"),  // 02:15 +10:30, 02:45 +11:00
                ("02:29:59", "2027-10-02T15:59:59.000000Z"),
                ("02:30", "2027-10-02T15:30:00.000000Z"),  // 02:30 +11:00
                ("sun 02:15", "2027-10-02T15:45:00.000000Z"),
                ("next sun 02:15", "2027-10-09T15:15:00.000000Z"),  // 02:15 +11:00 a week on
                ("in 1h", "2027-10-02T15:30:00.000000Z"),  // 02:30 +11:00
                ("2027-10-03", "2027-10-02T22:00:00.000000Z"),  // 09:00 +11:00
                ("2027-10-03 02:15", "2027-10-02T15:45:00.000000Z"),
                ("2027-10-03T02:15+10:30", "2027-10-02T15:45:00.000000Z"),
                ("2027-10-03 02:45+11:00", "2027-10-02T15:45:00.000000Z"),
                ("2027-10-03T02:15+11:00", "2027-10-02T15:15:00.000000Z"),  // exact: 01:45 +10:30
            ])
        // Saturday 2027-10-02 23:00 +10:30, the eve.
        + DSTMoment.at(
            "2027-10-02T12:30:00Z",
            [
                ("tomorrow", "2027-10-02T22:00:00.000000Z"),
                ("tomorrow 02:15", "2027-10-02T15:45:00.000000Z"),
                ("sun 02:15", "2027-10-02T15:45:00.000000Z"),
                ("in 3h", "2027-10-02T15:30:00.000000Z"),  // 02:30 +11:00
            ])

    /// Sunday 2027-04-04 01:00 +11:00; at 02:00 +11:00 the clocks go back to 01:30 +10:30.
    static let lordHoweFallBack =
        DSTMoment.at(
            "2027-04-03T14:00:00Z",
            [
                ("01:30", "2027-04-03T14:30:00.000000Z"),  // the first 01:30, +11:00
                ("01:45", "2027-04-03T14:45:00.000000Z"),
                ("1:45am", "2027-04-03T14:45:00.000000Z"),
                ("01:59:59", "2027-04-03T14:59:59.000000Z"),
                ("02:00", "2027-04-03T15:30:00.000000Z"),  // 02:00 +10:30
                ("sun 01:45", "2027-04-03T14:45:00.000000Z"),
                ("tomorrow 01:45", "2027-04-04T15:15:00.000000Z"),  // 01:45 +10:30
                ("in 45m", "2027-04-03T14:45:00.000000Z"),  // the first 01:45
                ("in 1h", "2027-04-03T15:00:00.000000Z"),  // the second 01:30, +10:30
                ("in 1h15m", "2027-04-03T15:15:00.000000Z"),  // the second 01:45
                ("in 1h30m", "2027-04-03T15:30:00.000000Z"),  // 02:00 +10:30
                ("2027-04-04", "2027-04-03T22:30:00.000000Z"),  // 09:00 +10:30
                ("2027-04-04 01:45", "2027-04-03T14:45:00.000000Z"),
                ("2027-04-04T01:45+11:00", "2027-04-03T14:45:00.000000Z"),
                ("2027-04-04T01:45+10:30", "2027-04-03T15:15:00.000000Z"),  // the second 01:45
                ("2027-04-03T15:15Z", "2027-04-03T15:15:00.000000Z"),
            ])
        // 01:35 +10:30, in the second half hour: the first 01:45 has passed.
        + DSTMoment.at(
            "2027-04-03T15:05:00Z",
            [
                ("01:45", nil),
                ("02:00", "2027-04-03T15:30:00.000000Z"),
                ("sun 01:45", "2027-04-10T15:15:00.000000Z"),  // 01:45 +10:30 a week on
                ("in 10m", "2027-04-03T15:15:00.000000Z"),  // the second 01:45
                ("2027-04-04 01:45+10:30", "2027-04-03T15:15:00.000000Z"),
            ])
        // Saturday 2027-04-03 23:00 +11:00, the eve.
        + DSTMoment.at(
            "2027-04-03T12:00:00Z",
            [
                ("tomorrow", "2027-04-03T22:30:00.000000Z"),  // 09:00 +10:30
                ("tomorrow 01:45", "2027-04-03T14:45:00.000000Z"),  // the first, +11:00
                ("in 3h", "2027-04-03T15:00:00.000000Z"),  // the second 01:30
            ])

    @Test("Lord Howe springs forward half an hour on 2027-10-03", arguments: DSTZoneUse.allCases, lordHoweSpringForward)
    func lordHoweSpring(_ use: DSTZoneUse, _ moment: DSTMoment) throws {
        try check(moment, in: "Australia/Lord_Howe", use)
    }

    @Test("Lord Howe falls back half an hour on 2027-04-04", arguments: DSTZoneUse.allCases, lordHoweFallBack)
    func lordHoweFall(_ use: DSTZoneUse, _ moment: DSTMoment) throws {
        try check(moment, in: "Australia/Lord_Howe", use)
    }

    // MARK: Santiago: -04:00 in winter, -03:00 in summer, transitions at midnight.

    /// Saturday 2027-09-04 22:00 -04:00; at midnight the clocks go to 01:00 -03:00 on Sunday.
    static let santiagoSpringForward =
        DSTMoment.at(
            "2027-09-05T02:00:00Z",
            [
                ("at 23:59", "2027-09-05T03:59:00.000000Z"),  // 23:59 -04:00
                ("tomorrow", "2027-09-05T12:00:00.000000Z"),  // 09:00 -03:00
                ("tomorrow 00:00", "2027-09-05T04:00:00.000000Z"),  // 00:00 -04:00, 01:00 -03:00
                ("tomorrow 00:30", "2027-09-05T04:30:00.000000Z"),
                ("tomorrow 01:00", "2027-09-05T04:00:00.000000Z"),  // 01:00 -03:00
                ("sun 00:30", "2027-09-05T04:30:00.000000Z"),
                ("in 2h30m", "2027-09-05T04:30:00.000000Z"),  // 01:30 -03:00
                ("in 1 day", "2027-09-06T02:00:00.000000Z"),  // 23:00 -03:00 on Sunday
                ("2027-09-05", "2027-09-05T12:00:00.000000Z"),
                ("2027-09-05 00:30", "2027-09-05T04:30:00.000000Z"),
                ("2027-09-05T00:30-04:00", "2027-09-05T04:30:00.000000Z"),
                ("2027-09-05T00:30-03:00", "2027-09-05T03:30:00.000000Z"),  // exact: 23:30 -04:00
            ])
        // Sunday 2027-09-05 01:10 -03:00, just after the gap.
        + DSTMoment.at(
            "2027-09-05T04:10:00Z",
            [
                ("00:30", "2027-09-05T04:30:00.000000Z"),  // 00:30 -04:00 is 01:30 -03:00: still ahead
                ("00:05", nil),  // 00:05 -04:00 is 01:05 -03:00: passed
                ("noon", "2027-09-05T15:00:00.000000Z"),
                ("sun", "2027-09-05T12:00:00.000000Z"),
                ("mon 00:30", "2027-09-06T03:30:00.000000Z"),
            ])
        // Midnight as the all-day time: a whole day's task on Sunday is due in the gap.
        + DSTMoment.at(
            "2027-09-05T02:00:00Z", allDayTime: "00:00",
            [
                ("tomorrow", "2027-09-05T04:00:00.000000Z"),
                ("sun", "2027-09-05T04:00:00.000000Z"),
                ("2027-09-05", "2027-09-05T04:00:00.000000Z"),
            ])

    /// Saturday 2027-04-03 21:00 -03:00; at midnight the clocks go back to 23:00 -04:00 on Saturday.
    static let santiagoFallBack =
        DSTMoment.at(
            "2027-04-04T00:00:00Z",
            [
                ("noon", nil),
                ("23:00", "2027-04-04T02:00:00.000000Z"),  // the first 23:00, -03:00
                ("at 23:59", "2027-04-04T02:59:00.000000Z"),
                ("sat 23:30", "2027-04-04T02:30:00.000000Z"),
                ("tomorrow", "2027-04-04T13:00:00.000000Z"),  // 09:00 -04:00
                ("tomorrow 00:00", "2027-04-04T04:00:00.000000Z"),  // 00:00 -04:00
                ("next sun 00:30", "2027-04-04T04:30:00.000000Z"),
                ("in 2h30m", "2027-04-04T02:30:00.000000Z"),  // the first 23:30
                ("in 3h30m", "2027-04-04T03:30:00.000000Z"),  // the second 23:30, -04:00
                ("2027-04-04", "2027-04-04T13:00:00.000000Z"),
                ("2027-04-03 23:30", "2027-04-04T02:30:00.000000Z"),
                ("2027-04-03T23:30-04:00", "2027-04-04T03:30:00.000000Z"),
                ("2027-04-03 23:30-03:00", "2027-04-04T02:30:00.000000Z"),
            ])
        // Saturday 23:10 -04:00, in the second 23:xx hour.
        + DSTMoment.at(
            "2027-04-04T03:10:00Z",
            [
                ("23:30", nil),
                ("in 20m", "2027-04-04T03:30:00.000000Z"),
                ("tomorrow 12am", "2027-04-04T04:00:00.000000Z"),
                ("sat 23:30", "2027-04-11T03:30:00.000000Z"),  // 23:30 -04:00 a week on
            ])
        // All-day times at and before midnight.
        + DSTMoment.at(
            "2027-04-04T00:00:00Z", allDayTime: "00:00",
            [
                ("tomorrow", "2027-04-04T04:00:00.000000Z"),
                ("2027-04-04", "2027-04-04T04:00:00.000000Z"),
            ])
        + DSTMoment.at(
            "2027-04-04T00:00:00Z", allDayTime: "23:30",
            [
                ("sat", "2027-04-04T02:30:00.000000Z"),  // the first 23:30
                ("2027-04-03", "2027-04-04T02:30:00.000000Z"),
            ])

    @Test("Santiago springs forward at midnight on 2027-09-05", arguments: DSTZoneUse.allCases, santiagoSpringForward)
    func santiagoSpring(_ use: DSTZoneUse, _ moment: DSTMoment) throws {
        try check(moment, in: "America/Santiago", use)
    }

    @Test("Santiago falls back at midnight on 2027-04-04", arguments: DSTZoneUse.allCases, santiagoFallBack)
    func santiagoFall(_ use: DSTZoneUse, _ moment: DSTMoment) throws { try check(moment, in: "America/Santiago", use) }
}
