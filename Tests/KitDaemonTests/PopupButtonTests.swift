import Foundation
import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// The buttons on timer and ramen popups, and buttons pressed on popups that are out of date.
/// `TimerButtonTests` in the integration tests presses them through dunst.
@Suite("Popup buttons")
struct PopupButtonTests {
    static let second = DrivenDaemon.second

    @Test("a fired timer's popup has Stop, Restart and +1 min; Restart starts the same timer again, +1 min a minute")
    func timerButtons() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let tea = try kit.timers.start(TimerStartParams(durationNs: 270 * Self.second, name: "tea"))
        try kit.run(for: .milliseconds(20))
        kit.advance(by: 270 * Self.second)
        let popup = try #require(try kit.runUntilShown(1).first)
        #expect(popup.actions.map(\.label) == ["Stop", "Restart", "+1 min"])
        #expect(popup.bodyWithoutActions?.hasSuffix("\nAgain: kitctl timer start 4m30s --name tea") == true)

        kit.popups.press("restart", on: popup.subject)
        kit.popups.press("add-minute", on: popup.subject)
        kit.popups.press("stop", on: popup.subject)
        try kit.run(for: .milliseconds(50))
        let running = try kit.timers.listed()
        // Both are named after the timer; the second, while the first runs, is `tea (2)`.
        #expect(Set(running.map(\.name)) == ["tea", "tea (2)"])
        #expect(running.map(\.durationNs).sorted() == [60 * Self.second, 270 * Self.second])
        #expect(!running.contains { $0.id == tea.id })
    }

    @Test("a cook's done popup has Cook again, which cooks the same ramen for the same time")
    func cookAgain() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.ramen.add(RamenAddParams(name: "test noodles", cookNs: 240 * Self.second, waterMl: 500))
        let cook = try kit.ramen.cook(RamenCookParams(ref: "test noodles", cookNs: 200 * Self.second))
        try kit.run(for: .milliseconds(20))
        kit.advance(by: 200 * Self.second)
        let popup = try #require(try kit.runUntilShown(1).first)
        #expect(popup.actions.map(\.label) == ["Cook again"])
        #expect(popup.bodyWithoutActions?.hasSuffix("Again: kitctl ramen cook 'test noodles' --time 3m20s") == true)
        kit.popups.press("cook-again", on: popup.subject)
        try kit.run(for: .milliseconds(50))
        let running = try #require(try kit.timers.listed().first)
        #expect(running.id != cook.timer.id)
        #expect(running.name == "test noodles" && running.durationNs == 200 * Self.second)
    }

    @Test("Done on a task popup whose occurrence was done elsewhere changes nothing and says why")
    func staleTaskButton() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "stretch", due: "in 1m", repeat: "daily"))
        try kit.run(for: .milliseconds(20))
        kit.advance(by: 60 * Self.second)
        let popup = try #require(try kit.runUntilShown(1).first)
        let next = try kit.tasks.done(RecordRef(String(task.id)))
        try kit.run(for: .milliseconds(50))
        kit.popups.press("done", on: popup.subject)
        try kit.run(for: .milliseconds(50))
        #expect(try kit.tasks.get(RecordRef(String(task.id))).dueAt == next.dueAt, "the next occurrence stays")
        let stale = try #require(kit.popups.shown.last)
        #expect(stale.subject.text == "stale:task:\(task.id)")
        #expect(stale.summary == "'stretch' changed since this popup")
        #expect(stale.body.hasPrefix("The popup was out of date: it is now due "), "\(stale.body)")
        #expect(stale.body.hasSuffix(". Nothing was changed."))
    }

    @Test("Done on the popup of a deleted task, or Stop on a stopped stopwatch's notice, says why nothing happened")
    func staleButtons() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let task = try kit.tasks.add(TaskAddParams(title: "water", due: "in 1m"))
        _ = try kit.stopwatches.create(
            StopwatchCreateParams(name: "focus", start: true, remindAfterNs: 60 * Self.second))
        try kit.run(for: .milliseconds(20))
        kit.advance(by: 61 * Self.second)
        let shown = try kit.runUntilShown(2)
        let taskPopup = try #require(shown.first { $0.subject is TaskPopup })
        let notice = try #require(shown.first { $0.subject is StopwatchPopup })
        _ = try kit.tasks.delete(RecordRef(String(task.id)))
        _ = try kit.stopwatches.stop(RecordRef("focus"))
        try kit.run(for: .milliseconds(50))
        kit.popups.press("done", on: taskPopup.subject)
        kit.popups.press("stop", on: notice.subject)
        try kit.run(for: .milliseconds(100))
        let stale = kit.popups.shown.filter { $0.subject.text.hasPrefix("stale:") }
        #expect(stale.map(\.summary).sorted() == ["Stop did nothing", "Task \(task.id) was deleted"])
        #expect(stale.allSatisfy { $0.urgency == .low && $0.actions.isEmpty })
        // The body says the refusal itself (`Localized.text(of:)`: kit's English here, where the
        // catalogs are not set up).
        let stopped = try #require(stale.first { $0.summary == "Stop did nothing" })
        #expect(stopped.body.contains("The popup was out of date: focus is already stopped;"), "\(stopped)")
    }
}
