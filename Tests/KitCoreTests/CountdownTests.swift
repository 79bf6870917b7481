import KitCore
import KitTestValues
import Testing

@Suite("Countdown rules")
struct CountdownTests {
    static let s = Nanoseconds.second
    static let perSecond = Nanoseconds.nanosecondsPerSecond
    static let start = ClockReading(
        boot: BootTime(nanoseconds: 1000 * Self.perSecond), wall: WallTime(nanoseconds: 1_800_000_000 * Self.perSecond))

    func at(_ seconds: Double) -> ClockReading {
        let offset = Nanoseconds(Int64(seconds * 1e9))
        return ClockReading(boot: Self.start.boot + offset, wall: Self.start.wall + offset)
    }

    @Test("a started countdown is due its duration later on both clocks")
    func startedIsDueLater() throws {
        let timer = try Countdown.started(id: 1, name: "pasta", duration: 270 * Self.s, now: Self.start)
        #expect(
            timer.state
                == .running(Deadline(boot: Self.start.boot + 270 * Self.s, wall: Self.start.wall + 270 * Self.s)))
        #expect(timer.remaining(at: at(70).boot) == 200 * Self.s)
        #expect(timer.label == "pasta")
    }

    @Test("pausing keeps the remaining time; resuming moves the due instant by the pause")
    func pauseAndResume() throws {
        let timer = try Countdown.started(id: 1, name: nil, duration: 10 * Self.s, now: Self.start)
        let paused = try timer.paused(at: at(3))
        #expect(paused.state == .paused(remaining: 7 * Self.s))
        #expect(paused.remaining(at: at(50).boot) == 7 * Self.s)
        let resumed = try paused.resumed(at: at(20))
        #expect(resumed.state == .running(Deadline(boot: at(27).boot, wall: at(27).wall)))
        #expect(resumed.label == "timer 1")
    }

    @Test("adding and removing time moves the due instant and the length")
    func adjusting() throws {
        let timer = try Countdown.started(id: 1, name: nil, duration: 60 * Self.s, now: Self.start)
        let longer = try timer.adjusted(by: 30 * Self.s, at: at(10))
        #expect(longer.remaining(at: at(10).boot) == 80 * Self.s)
        #expect(longer.duration == 90 * Self.s)
        let shorter = try longer.adjusted(by: -20 * Self.s, at: at(10))
        #expect(shorter.remaining(at: at(10).boot) == 60 * Self.s)
        let pausedMore = try shorter.paused(at: at(10)).adjusted(by: 5 * Self.s, at: at(11))
        #expect(pausedMore.state == .paused(remaining: 65 * Self.s))
    }

    @Test("removing all the time left is refused with the time left in the message")
    func removingTooMuchIsRefused() throws {
        let timer = try Countdown.started(id: 1, name: "tea", duration: 60 * Self.s, now: Self.start)
        #expect {
            try timer.adjusted(by: -60 * Self.s, at: at(10))
        } throws: { error in
            guard case KitError.invalidArgument(let message) = error else { return false }
            return message.english.contains("0:50 left") && message.english.contains("cancel")
        }
    }

    @Test("actions that do not fit the state are refused, naming the state")
    func invalidTransitions() throws {
        let running = try Countdown.started(id: 1, name: "tea", duration: 60 * Self.s, now: Self.start)
        #expect(throws: KitError.self) { try running.resumed(at: at(1)) }
        let paused = try running.paused(at: at(1))
        #expect(throws: KitError.self) { try paused.paused(at: at(2)) }
        let fired = try running.fired(at: at(60), dueBeforeStart: false)
        for action in [
            { try fired.paused(at: at(61)) }, { try fired.cancelled(at: at(61)) },
            { try fired.adjusted(by: Self.s, at: at(61)) },
        ] {
            #expect {
                try action()
            } throws: { error in
                guard case KitError.invalidState(let message, let state) = error else { return false }
                return state == "fired" && message.english.contains("already fired")
            }
        }
        let cancelled = try paused.cancelled(at: at(3))
        #expect(throws: KitError.self) { try cancelled.cancelled(at: at(4)) }
    }

    @Test("a countdown fired on time is not late; one fired later than a second, or due before kitd started, is")
    func lateness() throws {
        let timer = try Countdown.started(id: 1, name: nil, duration: 10 * Self.s, now: Self.start)
        guard case .fired(let onTime) = try timer.fired(at: at(10.0002), dueBeforeStart: false).state,
            case .fired(let slow) = try timer.fired(at: at(12), dueBeforeStart: false).state,
            case .fired(let missed) = try timer.fired(at: at(10.1), dueBeforeStart: true).state
        else {
            Issue.record("not fired")
            return
        }
        #expect(!onTime.late && onTime.lateness == 200_000)
        #expect(onTime.due == at(10).wall)
        #expect(slow.late && slow.lateness == 2 * Self.s)
        #expect(missed.late)
    }

    @Test("zero, negative and over-long durations are refused")
    func badDurations() {
        for duration in [0, -Self.s, 367 * 86_400 * Self.s] {
            #expect(throws: KitError.self) {
                try Countdown.started(id: 1, name: nil, duration: duration, now: Self.start)
            }
        }
    }

    @Test(
        "a stored deadline is exact on the same boot, follows the wall clock after a reboot, and after boot clocks that disagree by more than a minute"
    )
    func restoringDeadlines() {
        let now = ClockReading(
            boot: BootTime(nanoseconds: 50 * Self.perSecond),
            wall: WallTime(nanoseconds: 2_000_000_000 * Self.perSecond))
        let sameBoot = Deadline.restored(
            bootInstant: BootTime(nanoseconds: 80 * Self.perSecond), wallInstant: now.wall + 50 * Self.s,
            sameBoot: true,
            now: now)
        #expect(sameBoot.boot == BootTime(nanoseconds: 80 * Self.perSecond))
        #expect(sameBoot.wall == now.wall + 30 * Self.s, "the wall clock was set 20 s while down: derived anew")
        // Stored in a time namespace whose boot clock ran 100,000 s ahead: the wall clock decides.
        let namespaced = Deadline.restored(
            bootInstant: BootTime(nanoseconds: 100_080 * Self.perSecond), wallInstant: now.wall + 30 * Self.s,
            sameBoot: true, now: now)
        #expect(namespaced.boot == BootTime(nanoseconds: 80 * Self.perSecond))
        #expect(namespaced.wall == now.wall + 30 * Self.s)
        let close = now.wall + 30 * Self.s + 2_000
        let steady = Deadline.restored(
            bootInstant: BootTime(nanoseconds: 80 * Self.perSecond), wallInstant: close, sameBoot: true, now: now)
        #expect(steady.wall == close, "a restart keeps the due instant the client was given")
        let rebooted = Deadline.restored(
            bootInstant: BootTime(nanoseconds: 80 * Self.perSecond), wallInstant: now.wall + 100 * Self.s,
            sameBoot: false,
            now: now)
        #expect(rebooted.boot == now.boot + 100 * Self.s)
        #expect(rebooted.wall == now.wall + 100 * Self.s)
    }
}
