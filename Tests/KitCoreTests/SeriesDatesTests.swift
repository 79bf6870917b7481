import KitCore
import KitTestValues
import Testing

@Suite("A series: a rule with extra and removed dates")
struct SeriesDatesTests {
    static let anchor = at(2027, 1, 5, 9)

    static func series(_ rule: String, added: [CivilDateTime] = [], removed: [CivilDateTime] = []) throws
        -> RecurrenceSeries
    {
        try RecurrenceSeries(
            rule: try Recurrence.parse(rule), anchor: anchor, dates: SeriesDates(added: added, removed: removed))
    }

    @Test("an EXDATE takes an occurrence out and an RDATE puts one in, in order")
    func addsAndRemoves() throws {
        let series = try Self.series("weekly", added: [at(2027, 1, 14, 15)], removed: [at(2027, 1, 12, 9)])
        #expect(
            Array(series.prefix(4)) == [at(2027, 1, 5, 9), at(2027, 1, 14, 15), at(2027, 1, 19, 9), at(2027, 1, 26, 9)])
        #expect(series.next(after: at(2027, 1, 5, 9)) == at(2027, 1, 14, 15))
    }

    @Test("an EXDATE on the first due takes it out too")
    func removesTheAnchor() throws {
        let series = try Self.series("daily", removed: [Self.anchor, at(2027, 1, 6, 9)])
        #expect(series.next(after: Self.anchor.adding(seconds: -1)) == at(2027, 1, 7, 9))
    }

    @Test("COUNT counts the rule's occurrences before EXDATE takes any out; RDATE is past COUNT and UNTIL")
    func countAndUntil() throws {
        let counted = try Self.series("daily for 4 times", added: [at(2027, 2, 1, 9)], removed: [at(2027, 1, 6, 9)])
        #expect(Array(counted) == [at(2027, 1, 5, 9), at(2027, 1, 7, 9), at(2027, 1, 8, 9), at(2027, 2, 1, 9)])
    }

    @Test("an EXDATE that matches no occurrence removes nothing, and an RDATE that is also an EXDATE is out")
    func unmatched() throws {
        let series = try Self.series(
            "weekly", added: [at(2027, 1, 8, 9)], removed: [at(2027, 1, 12, 10), at(2027, 1, 8, 9)])
        #expect(Array(series.prefix(3)) == [at(2027, 1, 5, 9), at(2027, 1, 12, 9), at(2027, 1, 19, 9)])
    }

    @Test("done on a series moves past a removed occurrence to the next one")
    func doneSkipsRemoved() throws {
        let task = TaskItem(
            id: 1, uid: "u", title: "sync", anchor: Self.anchor, recurrence: try Recurrence.parse("weekly"),
            dates: SeriesDates(removed: [at(2027, 1, 12, 9)]), createdAt: WallTime(nanoseconds: 0))
        let (next, done) = try task.completed(at: utc("2027-01-05T10:00:00Z"), in: FixedOffset.utc)
        #expect(done == Self.anchor && next.occurrence == at(2027, 1, 19, 9))
    }

    @Test("more than 1000 dates of a kind are refused, naming the kind")
    func bounded() {
        let many = (0...1000).map { Self.anchor.adding(days: $0) }
        #expect(throws: KitError.self) { try Self.series("daily", removed: many) }
        do {
            _ = try SeriesDates(added: many).validated()
        } catch {
            #expect(error.message.contains("RDATE") && error.message.contains("1000"))
        }
    }

    @Test("dates are stored as text and read back")
    func text() throws {
        let dates = [at(2027, 1, 12, 9), at(2027, 1, 5, 9, 30)]
        let text = try #require(SeriesDates.text(dates))
        #expect(text == "2027-01-12T09:00:00,2027-01-05T09:30:00")
        #expect(try SeriesDates.dates(text) == dates)
        #expect(SeriesDates.text([]) == nil)
        #expect(try SeriesDates.dates(nil).isEmpty)
    }
}

@Suite("A series' occurrences changed one at a time")
struct SeriesOverrideTests {
    static let anchor = at(2027, 1, 5, 9)

    static func task(_ overrides: [SeriesDates.Override], removed: [CivilDateTime] = []) throws -> TaskItem {
        TaskItem(
            id: 1, uid: "sync@example.com", title: "sync", note: "agenda in the doc", anchor: anchor,
            recurrence: try Recurrence.parse("weekly"), dates: SeriesDates(removed: removed, overrides: overrides),
            createdAt: WallTime(nanoseconds: 0))
    }

    @Test("a moved occurrence leaves its week and comes at its new time, with its own title and note")
    func moved() throws {
        let task = try Self.task([
            .init(original: at(2027, 1, 12, 9), start: at(2027, 1, 13, 15), title: "sync (moved)", note: "room 2")
        ])
        let series = try #require(try task.series(in: FixedOffset.utc))
        #expect(Array(series.prefix(3)) == [Self.anchor, at(2027, 1, 13, 15), at(2027, 1, 19, 9)])
        let (next, _) = try task.completed(at: utc("2027-01-05T10:00:00Z"), in: FixedOffset.utc)
        #expect(next.occurrence == at(2027, 1, 13, 15))
        #expect(next.occurrenceTitle == "sync (moved)" && next.occurrenceNote == "room 2")
        let (after, _) = try next.completed(at: utc("2027-01-13T16:00:00Z"), in: FixedOffset.utc)
        #expect(after.occurrence == at(2027, 1, 19, 9))
        #expect(after.occurrenceTitle == "sync" && after.occurrenceNote == "agenda in the doc")
    }

    @Test("an occurrence moved before the one ahead of it comes first; one only renamed keeps its time")
    func reordered() throws {
        let task = try Self.task([
            .init(original: at(2027, 1, 19, 9), start: at(2027, 1, 10, 9)),
            .init(original: at(2027, 1, 26, 9), title: "sync: quarter review"),
        ])
        let series = try #require(try task.series(in: FixedOffset.utc))
        #expect(
            Array(series.prefix(5)) == [
                Self.anchor, at(2027, 1, 10, 9), at(2027, 1, 12, 9), at(2027, 1, 26, 9), at(2027, 2, 2, 9),
            ])
        #expect(task.title(at: at(2027, 1, 26, 9)) == "sync: quarter review")
        #expect(task.title(at: at(2027, 2, 2, 9)) == "sync")
    }

    @Test("an occurrence done on its own still occurs, and done on the one before moves past it")
    func doneOnItsOwn() throws {
        let task = try Self.task([.init(original: at(2027, 1, 12, 9), done: true)])
        let series = try #require(try task.series(in: FixedOffset.utc))
        #expect(Array(series.prefix(3)) == [Self.anchor, at(2027, 1, 12, 9), at(2027, 1, 19, 9)])
        let (next, _) = try task.completed(at: utc("2027-01-05T10:00:00Z"), in: FixedOffset.utc)
        #expect(next.occurrence == at(2027, 1, 19, 9))
        #expect(task.nextToDo(in: series, after: Self.anchor) == at(2027, 1, 19, 9))
    }

    @Test("an override moved to its own time is no move, and one override per occurrence is kept")
    func normalised() {
        let same = SeriesDates.Override(original: Self.anchor, start: Self.anchor, title: "x")
        #expect(same.start == nil)
        let dates = SeriesDates(overrides: [
            .init(original: Self.anchor, title: "a"), .init(original: Self.anchor, title: "b"),
        ])
        #expect(dates.overrides.count == 1)
    }
}

@Suite("A series split by a change to this and future occurrences")
struct SeriesSplitTests {
    static let anchor = at(2027, 1, 7, 10)

    static func task(_ overrides: [SeriesDates.Override], removed: [CivilDateTime] = [], rule: String = "weekly")
        throws -> TaskItem
    {
        TaskItem(
            id: 1, uid: "steering@example.com", title: "steering", anchor: anchor,
            recurrence: try Recurrence.parse(rule),
            dates: SeriesDates(removed: removed, overrides: overrides), createdAt: WallTime(nanoseconds: 0))
    }

    @Test("from the change on, every occurrence moves as the changed one did and takes its title")
    func movesTheRest() throws {
        let task = try Self.task([
            .init(
                original: at(2027, 1, 28, 10), start: at(2027, 1, 28, 11, 30), title: "steering (new slot)",
                thisAndFuture: true)
        ])
        let series = try #require(try task.series(in: FixedOffset.utc))
        #expect(
            Array(series.prefix(6)) == [
                at(2027, 1, 7, 10), at(2027, 1, 14, 10), at(2027, 1, 21, 10), at(2027, 1, 28, 11, 30),
                at(2027, 2, 4, 11, 30), at(2027, 2, 11, 11, 30),
            ])
        #expect(task.title(at: at(2027, 1, 21, 10)) == "steering")
        #expect(task.title(at: at(2027, 2, 11, 11, 30)) == "steering (new slot)")
        #expect(task.dates.override(comingAt: at(2027, 2, 11, 11, 30))?.original == at(2027, 2, 11, 10))
        // Asked from anywhere, the next one is found.
        #expect(series.next(after: at(2027, 2, 4, 10)) == at(2027, 2, 4, 11, 30))
        #expect(series.next(after: at(2030, 1, 1)) == at(2030, 1, 3, 11, 30))
    }

    @Test("a later change takes over from an earlier one; one occurrence changed on its own and EXDATEs still count")
    func layered() throws {
        let task = try Self.task(
            [
                .init(original: at(2027, 1, 14, 10), start: at(2027, 1, 15, 10), thisAndFuture: true),
                .init(original: at(2027, 2, 4, 10), start: at(2027, 2, 4, 8), title: "early", thisAndFuture: true),
                .init(original: at(2027, 2, 11, 10), start: at(2027, 2, 12, 17), title: "one-off"),
            ], removed: [at(2027, 1, 21, 10)])
        let series = try #require(try task.series(in: FixedOffset.utc))
        #expect(
            Array(series.prefix(6)) == [
                at(2027, 1, 7, 10), at(2027, 1, 15, 10), at(2027, 1, 29, 10), at(2027, 2, 4, 8), at(2027, 2, 12, 17),
                at(2027, 2, 18, 8),
            ])
        #expect(task.title(at: at(2027, 2, 12, 17)) == "one-off")
        #expect(task.title(at: at(2027, 2, 18, 8)) == "early")
    }

    @Test("a change that moves the first due earlier starts the series there, and done walks the moved ones")
    func earlierStart() throws {
        let task = try Self.task([.init(original: Self.anchor, start: at(2027, 1, 6, 10), thisAndFuture: true)])
        let series = try #require(try task.series(in: FixedOffset.utc))
        #expect(Array(series.prefix(2)) == [at(2027, 1, 6, 10), at(2027, 1, 13, 10)])
        var moved = task
        moved.occurrence = at(2027, 1, 6, 10)
        let (next, _) = try moved.completed(at: utc("2027-01-06T11:00:00Z"), in: FixedOffset.utc)
        #expect(next.occurrence == at(2027, 1, 13, 10))
    }
}

@Suite("A series with several rules")
struct SeriesRulesTests {
    @Test("a second rule adds its occurrences, each rule with its own end; EXDATE takes from either")
    func union() throws {
        let dates = SeriesDates(
            removed: [at(2027, 1, 20, 9)],
            moreRules: [try Recurrence.parseRRULE("FREQ=MONTHLY;BYDAY=3WE;COUNT=3")])
        let series = try RecurrenceSeries(
            rule: try Recurrence.parseRRULE("FREQ=MONTHLY;BYDAY=1MO"), anchor: at(2027, 1, 4, 9), dates: dates)
        // The anchor counts as the first of the second rule's three (RFC 5545: DTSTART is the first).
        #expect(
            Array(series.prefix(6)) == [
                at(2027, 1, 4, 9), at(2027, 2, 1, 9), at(2027, 2, 17, 9), at(2027, 3, 1, 9), at(2027, 4, 5, 9),
                at(2027, 5, 3, 9),
            ])
        #expect(series.next(after: at(2027, 2, 2)) == at(2027, 2, 17, 9))
    }

    @Test("more than eleven rules are refused")
    func tooMany() throws {
        let rules = Array(repeating: try Recurrence.parse("weekly"), count: SeriesDates.maximumMoreRules + 1)
        #expect(throws: KitError.self) { try SeriesDates(moreRules: rules).validated() }
    }
}
