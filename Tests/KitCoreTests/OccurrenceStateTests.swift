import KitCore
import KitTestValues
import Testing

/// One answer for where a task's occurrence stands, which every view gives (issue 42).
@Suite("A task occurrence's state")
struct OccurrenceStateTests {
    static let minute = 60 * Nanoseconds.second

    func task() -> TaskItem {
        TaskItem(
            id: 1, uid: "u1", title: "stretch", anchor: at(2026, 12, 5, 22), createdAt: utc("2026-12-01T00:00:00Z"))
    }

    @Test("upcoming before its due, overdue after it, snoozed while a snooze runs, done once done")
    func states() throws {
        let due = utc("2026-12-05T22:00:00Z")
        var item = task()
        #expect(item.occurrenceState(now: due + -Self.minute, in: FixedOffset.utc) == .upcoming)
        #expect(item.occurrenceState(now: due, in: FixedOffset.utc) == .overdue)
        #expect(item.isOverdue(now: due, in: FixedOffset.utc))

        item.dueFired = true
        item = try item.snoozed(until: due + 10 * Self.minute, now: due + Self.minute, in: FixedOffset.utc)
        let snoozed = item.occurrenceState(now: due + 2 * Self.minute, in: FixedOffset.utc)
        #expect(snoozed == .snoozed(until: due + 10 * Self.minute))
        #expect(snoozed.snoozedUntil == due + 10 * Self.minute)
        #expect(!item.isOverdue(now: due + 2 * Self.minute, in: FixedOffset.utc))
        // Once the snooze ran out, it is overdue again until done.
        #expect(item.occurrenceState(now: due + 10 * Self.minute, in: FixedOffset.utc) == .overdue)

        let done = try item.completed(at: due + 11 * Self.minute, in: FixedOffset.utc).0
        #expect(
            done.occurrenceState(now: due + 12 * Self.minute, in: FixedOffset.utc) == .done(at: due + 11 * Self.minute))
    }

    @Test("a task snoozed before it came due is snoozed, not upcoming: its popup comes when the snooze ends")
    func snoozedBeforeDue() throws {
        let due = utc("2026-12-05T22:00:00Z")
        let item = try task().snoozed(until: due + 30 * Self.minute, now: due + -5 * Self.minute, in: FixedOffset.utc)
        #expect(
            item.occurrenceState(now: due + -Self.minute, in: FixedOffset.utc)
                == .snoozed(until: due + 30 * Self.minute))
    }
}
