import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

/// What a new user tripped over (issue 34), on a virtual clock.
@Suite("Paper cuts a new user hit")
struct PaperCutTests {
    static let second = Nanoseconds.second

    @Test("a timed step longer than the cook is said at once, not listed for later and never shown")
    func stepLongerThanTheCook() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.ramen.add(
            RamenAddParams(
                name: "quick noodles", cookNs: 3 * Self.second,
                steps: [try RamenStep.parse("5:00 left: early"), try RamenStep.parse("1s left: stir")]))
        let cook = try kit.ramen.cook(RamenCookParams(ref: "quick noodles"))
        #expect(cook.now.contains("early (5:00 left, but this cook takes 0:03)"), "\(cook.now)")
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 2 * Self.second + Self.second / 2)
        try kit.runUntilShown(1)
        kit.advance(by: Self.second)
        try kit.runUntilShown(2)
        try kit.run(for: .milliseconds(100))
        #expect(kit.popups.summaries == ["quick noodles: 0:01 left", "quick noodles is done"])
    }

    @Test("only finished cooks count: two cancelled and one finished is cooked once")
    func cancelledCooks() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.ramen.add(RamenAddParams(name: "test ramen", cookNs: 2 * Self.second))
        for _ in 0..<2 {
            let cook = try kit.ramen.cook(RamenCookParams(ref: "test ramen"))
            _ = try kit.timers.cancel(RecordRef(String(cook.timer.id)))
        }
        #expect(try kit.ramen.get("test ramen").cookCount == 0)
        _ = try kit.ramen.cook(RamenCookParams(ref: "test ramen"))
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 3 * Self.second)
        try kit.runUntilShown(1)
        #expect(try kit.ramen.get("test ramen").cookCount == 1)
    }

    @Test("the names of active timers stay unique: a second cook or a clashing --name gets '(2)', and a name finds one")
    func uniqueNames() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        _ = try kit.ramen.add(RamenAddParams(name: "신라면", cookNs: 270 * Self.second))
        let first = try kit.ramen.cook(RamenCookParams(ref: "신라면"))
        let second = try kit.ramen.cook(RamenCookParams(ref: "신라면"))
        #expect(first.timer.name == "신라면" && second.timer.name == "신라면 (2)")
        let tea = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "tea"))
        let again = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "Tea"))
        let third = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "tea"))
        #expect([tea.name, again.name, third.name] == ["tea", "Tea (2)", "tea (3)"])
        #expect(try kit.timers.get(RecordRef("tea")).id == tea.id)
        #expect(try kit.timers.get(RecordRef("tea (2)")).id == again.id)
        // A name no active timer has is free again.
        _ = try kit.timers.cancel(RecordRef(String(tea.id)))
        #expect(try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "tea")).name == "tea")
    }
}

@Suite("The missed-reminders digest's title")
struct DigestSummaryTests {
    @Test("its title is worded from the count and whether kitd was off, one reminder too")
    func titles() {
        #expect(TaskFeature.digestSummary(count: 1, whileOff: true) == "1 reminder missed while off")
        #expect(TaskFeature.digestSummary(count: 5, whileOff: true) == "5 reminders missed while off")
        #expect(TaskFeature.digestSummary(count: 1, whileOff: false) == "1 reminder missed")
        #expect(TaskFeature.digestSummary(count: 7, whileOff: false) == "7 reminders missed")
    }
}
