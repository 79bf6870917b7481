import Foundation
import KitCore
import KitTestValues
import Testing

@testable import KitCalendar

/// kit expands repeat rules with its own engine (`Recurrence+Periods`), which jumps straight to
/// the period that holds a point however far from the first due, where libical's
/// `icalrecur_iterator` steps from DTSTART (and cannot start later when the rule has COUNT).
/// It is kept because it gives what libical gives: every rule of the corpus, and the rule kinds
/// below, expanded by both in floating time, agree date-time for date-time, except where
/// libical 3.0 departs from RFC 5545, in three ways this suite pins:
/// - **COUNT and a first due the rule does not give.** RFC 5545 counts DTSTART as occurrence 1
///   always; libical (and dateutil) count only the rule's own dates, so they give one more.
/// - **BYSETPOS with times.** RFC 5545 picks among the period's whole set of date-times;
///   libical 3.0 picks among days, then adds the times.
/// - **BYWEEKNO at a year's edge.** libical 3.0 misses week -1 when it is week 52, and gives a
///   week 53 that the year does not have.
/// Where the two differ in the last two ways, Python's dateutil is the referee, and kit must
/// give what it gives.
@Suite("kit's recurrence engine agrees with libical's iterator")
struct RecurrenceAgreementTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ics").path

    static let corpus: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// Rule kinds the corpus has few of, from anchors that do and do not match them.
    static let rules: [(String, CivilDateTime)] = [
        ("FREQ=HOURLY;INTERVAL=5;BYDAY=MO,FR", at(2027, 3, 1, 22, 15)),
        ("FREQ=HOURLY;BYHOUR=9,17;BYMONTH=3,10;COUNT=40", at(2027, 1, 1, 9)),
        ("FREQ=HOURLY;INTERVAL=7;BYMINUTE=0,30", at(2027, 2, 27, 23, 30)),
        ("FREQ=DAILY;BYHOUR=9,12,15;BYMINUTE=0,30;COUNT=50", at(2027, 5, 1, 9)),
        ("FREQ=HOURLY;INTERVAL=11;BYYEARDAY=1,-1,100", at(2027, 1, 1, 8)),
        ("FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=8,20", at(2027, 1, 5, 8)),
        ("FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU,TU", at(2027, 1, 3, 7)),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", at(2027, 1, 29, 17)),
        ("FREQ=MONTHLY;BYMONTHDAY=1,-1;BYHOUR=6,18;BYSETPOS=2,-1", at(2027, 1, 1, 6)),
        ("FREQ=YEARLY;BYWEEKNO=1,-1;BYDAY=TH", at(2026, 1, 1, 10)),
        ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", at(1997, 5, 12, 9)),
        ("FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO,SU", at(2026, 12, 28, 9)),
        ("FREQ=YEARLY;BYYEARDAY=60", at(2027, 3, 1)),
        ("FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", at(1997, 1, 1, 9)),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", at(2028, 2, 29, 12)),
        ("FREQ=YEARLY;BYDAY=20MO", at(1997, 5, 19, 9)),
    ]

    @Test("every repeat rule in the corpus gives what libical's iterator gives, over ten years", arguments: corpus)
    func corpusFile(_ name: String) throws {
        let text = try String(contentsOfFile: Self.folder + "/" + name + ".ics", encoding: .utf8)
        guard let read = try? ICalendarReader.read(text, strict: false) else { return }
        let tasks = read.tasks.map(\.task) + read.tasks.flatMap(\.task.overrides)
        for task in tasks {
            guard let rule = task.recurrence, let due = task.due else { continue }
            let (anchor, zone) = Self.anchor(due)
            try Self.expectAgreement(
                rule, anchor: anchor, allDay: task.allDay, zone: zone, label: "\(name) \(task.uid)")
        }
    }

    @Test("hourly, BYHOUR, BYYEARDAY, BYWEEKNO and BYSETPOS rules give what libical gives", arguments: 0..<rules.count)
    func ruleKind(_ index: Int) throws {
        let (text, anchor) = Self.rules[index]
        try Self.expectAgreement(try Recurrence.parseRRULE(text), anchor: anchor, zone: FixedOffset.utc, label: text)
    }

    @Test(
        "where libical 3.0 departs from RFC 5545 (BYSETPOS with times, BYWEEKNO at a year's edge), kit gives what dateutil gives",
        arguments: [
            ("FREQ=MONTHLY;BYMONTHDAY=1,-1;BYHOUR=6,18;BYSETPOS=2,-1", at(2027, 1, 1, 6)),
            ("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=TH", at(2026, 1, 1, 10)),
            ("FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO,SU", at(2026, 12, 28, 9)),
        ])
    func libicalDeparts(_ text: String, _ anchor: CivilDateTime) throws {
        let rule = try Recurrence.parseRRULE(text)
        let end = anchor.adding(days: 3653)
        let kit = try RecurrenceSeries(rule: rule, anchor: anchor).occurrences(through: end)
        let libical = try #require(Libical.occurrences(of: rule.rrule, from: anchor, through: end, limit: 2001))
        #expect(kit.filter { $0 != anchor } != libical.filter { $0 != anchor }, "libical 3.0 still departs here")
        let dateutil = try Self.dateutil(rule.rrule, anchor: anchor, allDay: false, through: end)
        #expect(kit.filter { $0 != anchor } == dateutil.filter { $0 != anchor })
    }

    /// Both engines from `anchor` through ten years (at most 2,000 date-times). The anchor is
    /// left out of the comparison: kit makes it occurrence 1 even when the rule does not give it.
    static func expectAgreement(
        _ rule: Recurrence, anchor: CivilDateTime, allDay: Bool = false, zone: any UTCOffsets, label: String
    ) throws {
        let series = try RecurrenceSeries(rule: rule, anchor: anchor, zone: zone)
        // libical reads a UTC UNTIL against floating times as if local; give it kit's local bound.
        var floating = rule
        if case .until(.utc) = rule.end, let bound = series.bound { floating.end = .until(.local(bound)) }
        let text = floating.rrule(anchor: anchor.date)
        let end = anchor.adding(days: 3653)
        let kit = Array(series.prefix { $0 <= end }.prefix(2000)).filter { $0 != anchor }
        let raw = try #require(
            Libical.occurrences(of: text, from: anchor, allDay: allDay, through: end, limit: 2001),
            "libical reads \(text)")
        var libical = Array(raw.filter { $0 != anchor }.prefix(kit.count == 1999 ? 1999 : .max))
        if case .count = rule.end, raw.first != anchor {
            // RFC 5545 counts the first due; libical counts only the rule's dates: one more.
            #expect(libical.count == kit.count + 1, "\(label): libical gives one more than kit for COUNT")
            libical = Array(libical.prefix(kit.count))
        }
        guard kit != libical else { return }
        let referee = try dateutil(text, anchor: anchor, allDay: allDay, through: end).filter { $0 != anchor }
        let missing = referee.filter { !kit.contains($0) }
        let extra = kit.filter { !referee.contains($0) }
        #expect(
            kit == Array(referee.prefix(kit.count)) && (kit.count == 1999 || referee.count == kit.count),
            "\(label) \(text) from \(anchor): libical and kit differ, and kit lacks \(missing.prefix(3)) and has \(extra.prefix(3)) by dateutil"
        )
    }

    /// The date-times Python's dateutil gives for `rule` from `anchor` through `end`.
    static func dateutil(_ rule: String, anchor: CivilDateTime, allDay: Bool, through end: CivilDateTime) throws
        -> [CivilDateTime]
    {
        let script = """
            import sys, datetime
            from dateutil.rrule import rrulestr
            start = datetime.datetime.fromisoformat(sys.argv[2])
            end = datetime.datetime.fromisoformat(sys.argv[3])
            for time in rrulestr(sys.argv[1], dtstart=start).between(start, end, inc=True)[:2001]:
                print(time.isoformat())
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, "RRULE:" + rule, anchor.iso8601, end.iso8601]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "dateutil read \(rule)")
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            try CivilDateTime.parseISO8601(String($0))
        }
    }

    /// The local date-time a due is anchored on, and the zone a UTC UNTIL is read in.
    static func anchor(_ due: CalendarDue) -> (CivilDateTime, any UTCOffsets) {
        switch due {
        case .date(let date): (CivilDateTime(date: date), FixedOffset.utc)
        case .local(let civil, let tzid): (civil, tzid.flatMap(knownZone) ?? FixedOffset.utc)
        case .utc(let instant): (CivilDateTime(instant, in: FixedOffset.utc), FixedOffset.utc)
        }
    }
}
