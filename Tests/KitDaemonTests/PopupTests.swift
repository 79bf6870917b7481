import Foundation
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// Which popups the features show, when, with what buttons, and what a button does: a whole
/// kitd on a clock the test moves, with a recorder in place of the notification server. No
/// test here waits for real time to pass.
@Suite("Popups on a virtual clock", .serialized)
struct PopupTests {
    static let second = DrivenDaemon.second

    // MARK: Timers

    @Test("a timer that came due while kitd was down fires once at start, marked late, and never again")
    func timerDueWhileDown() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let timer = try kit.timers.start(TimerStartParams(durationNs: Nanoseconds.second, name: "missed"))
        try kit.run(for: .milliseconds(50))
        try kit.restart(after: 2 * Self.second)

        let shown = try kit.runUntilShown(1)
        let popup = try #require(shown.first)
        #expect(popup.summary == "missed is done")
        #expect(popup.body.contains("while kitd was not running"), "\(popup.body)")
        #expect(popup.subject as? TimerPopup == .fired(timer.id) && popup.subject.text == "timer:\(timer.id)")
        let fired = try kit.timers.get(RecordRef(String(timer.id)))
        #expect(fired.state == .fired && fired.late == true)

        try kit.restart()
        try kit.run(for: .milliseconds(200))
        #expect(kit.popups.popups(containing: "missed").count == 1, "\(kit.popups.summaries)")
        #expect(try kit.timers.get(RecordRef(String(timer.id))).firedAt == fired.firedAt)
    }

    @Test("many timers missed while down become one digest popup naming each, and none of their own")
    func timersMissedDigest() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for index in 0..<12 {
            _ = try kit.timers.start(TimerStartParams(durationNs: Nanoseconds.second, name: "batch\(index)"))
        }
        try kit.run(for: .milliseconds(50))
        try kit.restart(after: 2 * Self.second)

        let digest = try #require(try kit.runUntilShown(1).first)
        #expect(digest.summary == "12 timers finished while kitd was off")
        #expect(digest.subject as? TimerPopup == .digest)
        let lines = digest.body.split(separator: "\n")
        #expect(lines.count == 9 && lines.prefix(8).allSatisfy { $0.hasPrefix("batch") && $0.contains(": due ") })
        // Eight by line, in due order; the rest by name.
        let byLine = lines.prefix(8).map { String($0.prefix { $0 != ":" }) }
        let listed =
            lines.last.map { line in
                line.dropFirst("… and 4 more: ".count).prefix { $0 != ";" }.components(separatedBy: ", ")
            } ?? []
        #expect(Set(byLine + listed) == Set((0..<12).map { "batch\($0)" }), "every timer once: \(digest.body)")
        #expect(byLine.count + listed.count == 12, "\(digest.body)")
        #expect(
            lines.last?.hasPrefix("… and 4 more: ") == true
                && lines.last?.hasSuffix("; see `kitctl timer list --all`") == true)
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.popups(containing: "batch").isEmpty, "\(kit.popups.summaries)")
    }

    @Test(
        "a timer that fires late while kitd runs (stopped with SIGSTOP, then continued) says how late, not that kitd was down"
    )
    func timerLateWhileRunning() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for index in 0..<5 {
            _ = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "b\(index)"))
        }
        _ = try kit.timers.start(TimerStartParams(durationNs: 30 * Self.second, name: "tea"))
        try kit.run(for: .milliseconds(50))
        // The loop does not run while the clock moves past the due times: as under SIGSTOP.
        kit.advance(by: 35 * Self.second)
        let popup = try #require(try kit.runUntilShown(1).first)
        #expect(popup.summary == "tea is done")
        #expect(popup.body.contains("It was due 5s ago"), "\(popup.body)")
        #expect(!popup.body.contains("not running"), "\(popup.body)")
        kit.advance(by: 60 * Self.second)
        let digest = try #require(try kit.runUntilShown(2).last)
        #expect(digest.summary == "5 timers finished late", "\(kit.popups.summaries)")
    }

    @Test("a timer fires when the clock reaches it, not before")
    func timerFiresOnTime() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.timers.start(TimerStartParams(durationNs: 600_000_000_000, name: "tea"))
        try kit.run(for: .milliseconds(100))
        kit.advance(by: 599 * Self.second)
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.shown.isEmpty, "\(kit.popups.summaries)")
        kit.advance(by: 2 * Self.second)
        let popup = try #require(try kit.runUntilShown(1).first)
        #expect(popup.summary == "tea is done" && popup.urgency == .critical && popup.actions.count == 3)
    }

    // MARK: Ramen

    @Test("a cook's steps pop up in order and follow a pause; the done popup carries the end steps and the memo")
    func ramenStepsAndDone() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.ramen.add(
            RamenAddParams(
                name: "test noodles", cookNs: 6 * Self.second, waterMl: 500,
                steps: [
                    RamenStep(.left(4 * Self.second), "first step"), RamenStep(.left(2 * Self.second), "second step"),
                    RamenStep(.end, "drain"),
                ]))
        _ = try kit.ramen.set(RamenSetParams(ref: "test noodles", memo: "add an egg"))
        let events = try kit.subscriber(["ramen.step", "ramen.cooked"])
        let cook = try kit.ramen.cook(RamenCookParams(ref: "test noodles"))
        try kit.run(for: .milliseconds(50))

        // One second in, pause for an hour: the first step (at 2 s) waits with the timer.
        kit.advance(by: 1 * Self.second)
        _ = try kit.timers.pause(RecordRef(String(cook.timer.id)))
        kit.advance(by: 3600 * Self.second)
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.shown.isEmpty, "\(kit.popups.summaries)")

        _ = try kit.timers.resume(RecordRef(String(cook.timer.id)))
        kit.advance(by: 1 * Self.second + Self.second / 2)
        try kit.runUntilShown(1)
        #expect(kit.popups.summaries == ["test noodles: 0:04 left"])
        #expect(kit.popups.shown.first?.subject as? RamenPopup == .step(timerID: cook.timer.id, index: 0))

        kit.advance(by: 2 * Self.second)
        try kit.runUntilShown(2)
        kit.advance(by: 2 * Self.second)
        try kit.runUntilShown(3)
        #expect(kit.popups.summaries == ["test noodles: 0:04 left", "test noodles: 0:02 left", "test noodles is done"])
        let done = try #require(kit.popups.shown.last)
        #expect(done.body == "drain\nMemo: add an egg")
        // The cook is over: its step popups go, the done popup stays.
        #expect(kit.popups.withdrawn == ["ramen-step:\(cook.timer.id):0", "ramen-step:\(cook.timer.id):1"])
        #expect(
            (done.subject as? RamenPopup).map { if case .done(cook.timer.id, _, _) = $0 { true } else { false } }
                == true
                && done.subject.text == "timer:\(cook.timer.id)")
        let seen = try kit.events(on: events) { $0.contains { $0.name == Event.ramenCooked } }
        let steps = try seen.filter { $0.name == Event.ramenStep }.map { try $0.decode(RamenStepEvent.self).step.text }
        #expect(steps == ["first step", "second step"])
        #expect(seen.last?.name == Event.ramenCooked)
    }

    @Test("a step written as time after the start (Korean '2분 후:') pops up that long into the cook, among the others")
    func ramenStepAfterStart() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.ramen.add(
            RamenAddParams(
                name: "칼국수", cookNs: 300 * Self.second,
                steps: [try RamenStep.parse("1분 남음: 계란"), try RamenStep.parse("2분 후: 젓기")]))
        _ = try kit.ramen.cook(RamenCookParams(ref: "칼국수"))
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 119 * Self.second)
        try kit.run(for: .milliseconds(50))
        #expect(kit.popups.shown.isEmpty, "\(kit.popups.summaries)")
        kit.advance(by: 2 * Self.second)
        try kit.runUntilShown(1)
        #expect(kit.popups.summaries == ["칼국수: 3:00 left"])
        #expect(kit.popups.shown.first?.body == "젓기")
        kit.advance(by: 120 * Self.second)
        try kit.runUntilShown(2)
        #expect(kit.popups.summaries == ["칼국수: 3:00 left", "칼국수: 1:00 left"])
    }

    @Test("after a suspend past the end of a cook, only the done popup shows, not the steps it slept through")
    func ramenSuspendPastTheEnd() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.ramen.add(
            RamenAddParams(
                name: "cup noodles", cookNs: 180 * Self.second,
                steps: [RamenStep(.left(60 * Self.second), "stir"), RamenStep(.left(30 * Self.second), "lid")]))
        _ = try kit.ramen.cook(RamenCookParams(ref: "cup noodles"))
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 600 * Self.second)
        try kit.runUntilShown(1)
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.summaries == ["cup noodles is done"])
    }

    // MARK: Stopwatches

    @Test("a notice threshold is off, or from 1 s to 366 days; the edge refuses anything else")
    func stopwatchNoticeBounds() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for bad: Nanoseconds in [-1, 500_000_000, 366 * 86_400 * Self.second + 1, .max] {
            let problem = StopwatchCreateParams.firstProblem(in: StopwatchCreateParams(name: "w", remindAfterNs: bad))
            #expect(
                problem?.contains("'remindAfterNs' \(bad) is out of range") == true, "\(bad): \(problem ?? "taken")")
        }
        for good: Nanoseconds in [0, Self.second, 366 * 86_400 * Self.second] {
            #expect(
                StopwatchCreateParams.firstProblem(in: StopwatchCreateParams(name: "w", remindAfterNs: good)) == nil)
        }
        #expect(try kit.stopwatches.create(StopwatchCreateParams(name: "off", remindAfterNs: 0)).remindAfterNs == 0)
        let year = 366 * 86_400 * Self.second
        #expect(
            try kit.stopwatches.create(StopwatchCreateParams(name: "year", remindAfterNs: year)).remindAfterNs == year)
        #expect(kit.stopwatches.list().map(\.name) == ["off", "year"])
    }

    @Test("a running stopwatch's notice carries Stop, and pressing it stops the stopwatch")
    func stopwatchNoticeStop() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let stopwatch = try kit.stopwatches.create(
            StopwatchCreateParams(name: "focus", start: true, remindAfterNs: .minute))
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 61 * Self.second)
        let notice = try #require(try kit.runUntilShown(1).first)
        #expect(notice.summary == "focus is still running")
        #expect(notice.actions.map(\.key) == ["stop"])

        kit.popups.press("stop", on: notice.subject)
        try kit.run(for: .milliseconds(50))
        #expect(try kit.stopwatches.get(RecordRef(String(stopwatch.id))).state == .stopped)
        // The notice goes from the screen, whichever way the stopwatch was stopped.
        #expect(kit.popups.withdrawn == ["stopwatch:\(stopwatch.id)"])
        kit.advance(by: 600 * Self.second)
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.shown.count == 1, "a stopped stopwatch sends no more notices")
    }

    // MARK: Tasks

    @Test("a task due while kitd was stopped fires once on start, marked late, and never again")
    func taskDueWhileStopped() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.tasks.add(TaskAddParams(title: "renew passport", due: "in 2s"))
        try kit.run(for: .milliseconds(50))
        try kit.restart(after: 4 * Self.second)

        let popup = try #require(try kit.runUntilShown(1).first)
        #expect(popup.summary.hasPrefix("Due: renew passport (due ") && popup.summary.hasSuffix(" ago)"), "\(popup)")
        try kit.restart()
        try kit.run(for: .milliseconds(200))
        #expect(kit.popups.popups(containing: "renew passport").count == 1, "\(kit.popups.summaries)")
        #expect(try kit.tasks.get(RecordRef("renew passport")).overdue)
    }

    @Test("ten tasks missed while kitd was stopped give one digest popup, not ten")
    func tasksMissedDigest() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for index in 1...10 { _ = try kit.tasks.add(TaskAddParams(title: "chore \(index)", due: "in 2s")) }
        try kit.run(for: .milliseconds(50))
        try kit.restart(after: 3 * Self.second)

        let digest = try #require(try kit.runUntilShown(1).first)
        #expect(digest.summary == "10 reminders missed while off", "\(digest)")
        #expect(digest.subject as? TaskPopup == .digest)
        #expect(digest.body.contains("chore 1 — due") && digest.body.contains("chore 10 — due"))
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.shown.count == 1, "\(kit.popups.summaries)")
        #expect(try kit.tasks.list(TaskListParams(filter: .overdue)).tasks.count == 10)
    }

    @Test("Done on a due popup completes the task, as `kitctl task done` would")
    func taskDoneButton() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "water plants", due: "in 1m"))
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 61 * Self.second)
        let popup = try #require(try kit.runUntilShown(1).first)
        #expect(popup.summary == "Due: water plants")
        #expect(popup.actions.map(\.key) == ["done", "snooze"])
        #expect(popup.subject as? TaskPopup == .due(task.id))

        kit.popups.press("done", on: popup.subject)
        try kit.run(for: .milliseconds(50))
        #expect(try kit.tasks.get(RecordRef(String(task.id))).state == .done)
    }

    @Test("Snooze on a due popup brings it back after the snooze, and only then")
    func taskSnoozeButton() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "stretch", due: "in 1m"))
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 61 * Self.second)
        let popup = try #require(try kit.runUntilShown(1).first)

        kit.popups.press("snooze", on: popup.subject)
        try kit.run(for: .milliseconds(50))
        let snoozed = try kit.tasks.get(RecordRef(String(task.id)))
        let until = try #require(snoozed.snoozedUntil.flatMap(Timestamp.parse))
        let ahead = until - kit.clock.now().wall
        #expect(ahead > 0, "snoozed into the future: \(ahead) ns")

        kit.advance(by: ahead - Self.second)
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.shown.count == 1, "not back before the snooze ends: \(kit.popups.summaries)")
        kit.advance(by: 2 * Self.second)
        try kit.runUntilShown(2)
        #expect(kit.popups.summaries == ["Due: stretch", "Due: stretch"])
    }

    @Test(
        "a due popup is withdrawn when its task is done, snoozed or deleted another way; one never shown, or the one a snooze brings back, is left alone"
    )
    func taskPopupsWithdrawn() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let done = try kit.tasks.add(TaskAddParams(title: "water plants", due: "in 1m"))
        let snoozed = try kit.tasks.add(TaskAddParams(title: "stretch", due: "in 1m"))
        let deleted = try kit.tasks.add(TaskAddParams(title: "call mum", due: "in 1m"))
        let later = try kit.tasks.add(TaskAddParams(title: "later", due: "in 1h"))
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 61 * Self.second)
        try kit.runUntilShown(3)
        #expect(kit.popups.withdrawn.isEmpty)

        _ = try kit.tasks.done(RecordRef(String(done.id)))
        _ = try kit.tasks.snooze(TaskSnoozeParams(ref: String(snoozed.id), for: "10m"))
        _ = try kit.tasks.delete(RecordRef(String(deleted.id)))
        _ = try kit.tasks.done(RecordRef(String(later.id)))
        try kit.run(for: .milliseconds(50))
        #expect(
            kit.popups.withdrawn.sorted() == ["task:\(deleted.id)", "task:\(done.id)", "task:\(snoozed.id)"].sorted())

        // The popup the snooze brings back is the task's now: nothing withdraws it.
        kit.advance(by: 601 * Self.second)
        try kit.runUntilShown(4)
        try kit.run(for: .milliseconds(50))
        #expect(kit.popups.withdrawn.count == 3)
    }

    @Test("a button on a popup of another kind, or an unknown button, changes nothing")
    func unknownButtons() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "call", due: "in 1h"))
        try kit.run(for: .milliseconds(50))
        kit.popups.press("explode", on: TaskPopup.due(task.id))
        kit.popups.press("done", on: TaskPopup.digest)
        kit.popups.press("done", on: TimerPopup.fired(task.id))
        try kit.run(for: .milliseconds(50))
        #expect(try kit.tasks.get(RecordRef(String(task.id))).state == .open)
    }
}
