import Foundation
import KitCore
import KitProtocol
import KitStore
import Logging
import Testing

@testable import KitDaemon

/// The popup ledger on a virtual clock: bursts become a digest, and what a dead kitd did not
/// get onto the screen is shown by the next one. The storm test (`PopupStormTests`) proves the
/// same with kill -9, dunst and the real binaries.
@Suite("Popup deliveries and bursts")
struct PopupLedgerTests {
    static let second = DrivenDaemon.second

    @Test("more than five popups due in the same second: five are shown, the rest in one digest; every timer fires")
    func burstBecomesDigest() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let subscriber = try kit.subscriber(["timer.fired"])
        for index in 0..<12 {
            _ = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "t\(index)"))
        }
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 60 * Self.second)
        let events = try kit.events(on: subscriber) { $0.count >= 12 }
        #expect(events.count == 12)
        let shown = try kit.runUntilShown(6)
        try kit.run(for: .milliseconds(100))
        #expect(shown.count == 6, "\(kit.popups.summaries)")
        #expect(
            kit.popups.summaries.prefix(5) == ["t0 is done", "t1 is done", "t2 is done", "t3 is done", "t4 is done"])
        let digest = try #require(shown.last)
        #expect(digest.subject.text == "burst:1")
        #expect(digest.summary == "7 more alerts at once")
        #expect(
            digest.body.split(separator: "\n") == [
                "t5 is done", "t6 is done", "t7 is done", "t8 is done", "t9 is done", "t10 is done", "t11 is done",
            ])
        #expect(digest.urgency == .critical)
        #expect(digest.sound == PopupSound(choice: .theme("alarm-clock-elapsed")))
        let counts = try kit.daemon.runtime.store.popups.counts()
        #expect(counts[.shown] == 12 && counts[.pending] == nil && counts[.sending] == nil, "\(counts)")
    }

    @Test("a burst's digest is updated in place as more come due within the second: eight lines, then the rest by name")
    func digestUpdatedInPlace() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for index in 0..<8 {
            _ = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "a\(index)"))
        }
        try kit.run(for: .milliseconds(20))
        kit.clock.advance(by: Self.second / 2)
        for index in 0..<10 {
            _ = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "b\(index)"))
        }
        try kit.run(for: .milliseconds(20))
        kit.advance(by: 60 * Self.second)
        try kit.run(for: .milliseconds(200))
        let digests = kit.popups.shown.filter { $0.subject.text == "burst:1" }
        #expect(kit.popups.shown.count - digests.count == 5, "\(kit.popups.summaries)")
        let last = try #require(digests.last)
        #expect(last.summary == "13 more alerts at once", "\(kit.popups.summaries)")
        let lines = last.body.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(
            lines.last
                == "… and 5 more: b5 is done, b6 is done, b7 is done, b8 is done, b9 is done; see `kitctl timer list --all` and `kitctl task list`"
        )
    }

    @Test("popups a second apart are each shown; a burst ends when a second passes without one")
    func spacedPopupsAreSingles() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for index in 0..<8 {
            _ = try kit.timers.start(TimerStartParams(durationNs: Int64(60 + index) * Self.second, name: "s\(index)"))
        }
        try kit.run(for: .milliseconds(20))
        kit.advance(by: 60 * Self.second)
        try kit.run(for: .milliseconds(20))
        for _ in 0..<8 {
            kit.advance(by: Self.second)
            try kit.run(for: .milliseconds(20))
        }
        #expect(kit.popups.summaries == (0..<8).map { "s\($0) is done" })
    }
}

extension PopupLedgerTests {
    /// What a kitd killed before its popups reached the server leaves in the database.
    static func leave(_ deliveries: [PopupStore.Delivery], states: [PopupStore.State], in kit: DrivenDaemon) throws {
        let database = try KitDatabase.open(
            path: kit.directory + "/data/kit.sqlite", logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        for (delivery, state) in zip(deliveries, states) {
            let id = try database.popups.add(delivery)
            try database.popups.setState(state, of: [id])
        }
        try database.commit()
    }

    static func delivery(_ summary: String, subject: String, at: WallTime) -> PopupStore.Delivery {
        PopupStore.Delivery(
            subject: subject, summary: summary, body: "1m timer, started at 10:00.", icon: "appointment-soon",
            urgency: 2, soundName: "alarm-clock-elapsed", category: "x-kit.timer.fired", timeoutMilliseconds: -1,
            requestedAt: at)
    }

    @Test(
        "popups the last kitd left pending or sending are shown once at start, marked late; shown and stale ones are not"
    )
    func undeliveredShownAtStart() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let now = kit.clock.now().wall
        let secondsAgo: (Int64) -> WallTime = { now + -$0 * Self.second }
        let left: [PopupStore.Delivery] = [
            Self.delivery("pending is done", subject: "timer:1", at: secondsAgo(30)),
            Self.delivery("sending is done", subject: "timer:2", at: secondsAgo(20)),
            Self.delivery("shown is done", subject: "timer:3", at: secondsAgo(10)),
            Self.delivery("stale is done", subject: "timer:4", at: secondsAgo(13 * 3600)),
        ]
        // Written by another connection while this kitd idles: it reads them only at start.
        try Self.leave(left, states: [.pending, .sending, .shown, .pending], in: kit)
        try kit.restart(after: Self.second)
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.summaries == ["pending is done", "sending is done"])
        let first = try #require(kit.popups.shown.first)
        #expect(first.subject.text == "timer:1")
        #expect(first.actions.isEmpty)
        #expect(
            first.body.hasPrefix(
                "1m timer, started at 10:00.\nShown late: kitd stopped before this reached the screen at "))
        #expect(first.body.hasSuffix(", 31s ago."), "\(first.body)")
        #expect(first.urgency == .critical)
        let counts = try kit.daemon.runtime.store.popups.counts()
        #expect(counts[.shown] == 3 && counts[.pending] == nil, "the stale one is forgotten: \(counts)")
        try kit.restart()
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.shown.count == 2, "nothing is shown twice: \(kit.popups.summaries)")
    }

    @Test("many popups left undelivered come back as one digest after the first five")
    func manyUndeliveredBecomeDigest() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let now = kit.clock.now().wall
        let left = (0..<9).map { Self.delivery("left\($0) is done", subject: "timer:\($0 + 1)", at: now) }
        try Self.leave(left, states: Array(repeating: .pending, count: 9), in: kit)
        try kit.restart()
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.summaries == (0..<5).map { "left\($0) is done" } + ["4 more alerts at once"])
    }

    @Test("a popup withdrawn while it waits its turn is never shown, nor shown after a restart")
    func withdrawnWhileQueued() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let first = try kit.tasks.add(TaskAddParams(title: "stretch", due: "in 1m"))
        let second = try kit.tasks.add(TaskAddParams(title: "water plants", due: "in 1m"))
        try kit.run(for: .milliseconds(20))
        kit.popups.holdOutcomes = true
        kit.advance(by: 61 * Self.second)
        _ = try kit.runUntilShown(1)
        try kit.run(for: .milliseconds(50))
        #expect(kit.popups.summaries == ["Due: stretch"], "the second waits for the first's answer")
        kit.daemon.runtime.popups.withdraw(TaskPopup.due(second.id))
        kit.popups.releaseOutcomes()
        try kit.run(for: .milliseconds(50))
        #expect(kit.popups.summaries == ["Due: stretch"])
        #expect(kit.popups.withdrawn == ["task:\(second.id)"])
        try kit.restart()
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.summaries == ["Due: stretch"], "\(first.id)")
    }
}
