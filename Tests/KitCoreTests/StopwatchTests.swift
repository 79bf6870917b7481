import KitCore
import KitTestValues
import Testing

@Suite("Stopwatch rules")
struct StopwatchTests {
    static let s = Nanoseconds.second
    static let perSecond = Nanoseconds.nanosecondsPerSecond

    func at(_ seconds: Double, wallShift: Double = 0) -> ClockReading {
        ClockReading(
            boot: BootTime(nanoseconds: 500 * Self.perSecond + Int64(seconds * 1e9)),
            wall: WallTime(nanoseconds: 1_800_000_000 * Self.perSecond + Int64((seconds + wallShift) * 1e9)))
    }

    @Test("elapsed time is the closed spans plus the open one")
    func elapsedSumsSpans() throws {
        var stopwatch = try Stopwatch.created(id: 1, name: "focus", now: at(0), start: true, remindAfter: nil)
        #expect(stopwatch.elapsed(at: at(10).boot) == 10 * Self.s)
        stopwatch = try stopwatch.stopped(at: at(10))
        #expect(stopwatch.elapsed(at: at(100).boot) == 10 * Self.s)
        stopwatch = try stopwatch.started(at: at(100))
        #expect(stopwatch.elapsed(at: at(105).boot) == 15 * Self.s)
        #expect(stopwatch.currentSpan(at: at(105).boot) == 5 * Self.s)
    }

    @Test("a wall-clock jump changes nothing: running time counts on the boot clock")
    func wallClockJumps() throws {
        let stopwatch = try Stopwatch.created(id: 1, name: "focus", now: at(0), start: true, remindAfter: nil)
        #expect(stopwatch.elapsed(at: at(60, wallShift: -3600).boot) == 60 * Self.s)
        #expect(stopwatch.elapsed(at: at(60, wallShift: 86_400).boot) == 60 * Self.s)
    }

    @Test("stopping a stopped stopwatch, or starting a running one, names the state")
    func invalidTransitions() throws {
        let stopped = try Stopwatch.created(id: 1, name: "long run", now: at(0), start: false, remindAfter: nil)
        #expect {
            try stopped.stopped(at: at(1))
        } throws: { error in
            guard case KitError.invalidState(let message, let state) = error else { return false }
            return state == "stopped" && message.english.contains("never started")
                && message.english.contains("'long run'")
        }
        let running = try stopped.started(at: at(1))
        #expect(throws: KitError.invalidState("long run is already running; stop it first", state: "running")) {
            try running.started(at: at(2))
        }
    }

    @Test("a lap needs a stopwatch that was started; its split is since the previous lap")
    func laps() throws {
        let fresh = try Stopwatch.created(id: 1, name: "w", now: at(0), start: false, remindAfter: nil)
        #expect(throws: KitError.self) { try fresh.lap(at: at(1), previousTotal: 0, note: nil) }
        var running = try fresh.started(at: at(0))
        let first = try running.lap(at: at(3), previousTotal: 0, note: "warm-up")
        #expect(first.number == 1 && first.total == 3 * Self.s && first.split == 3 * Self.s && first.note == "warm-up")
        running.lapCount = 1
        let second = try running.lap(at: at(8), previousTotal: first.total, note: nil)
        #expect(second.number == 2 && second.split == 5 * Self.s)
    }

    @Test("reset goes back to zero; a running stopwatch keeps running from now")
    func reset() throws {
        let running = try Stopwatch.created(id: 1, name: "w", now: at(0), start: true, remindAfter: nil)
        let reset = running.reset(at: at(50))
        #expect(reset.isRunning && reset.elapsed(at: at(60).boot) == 10 * Self.s && reset.lapCount == 0)
    }

    @Test("the still-running notice comes after each threshold of continuous running")
    func reminders() throws {
        var stopwatch = try Stopwatch.created(id: 1, name: "w", now: at(0), start: true, remindAfter: nil)
        #expect(stopwatch.nextReminder(threshold: 7200 * Self.s) == at(7200).boot)
        stopwatch.remindersSent = 1
        #expect(stopwatch.nextReminder(threshold: 7200 * Self.s) == at(14_400).boot)
        #expect(stopwatch.nextReminder(threshold: 0) == nil)
        let stopped = try stopwatch.stopped(at: at(7300))
        #expect(stopped.nextReminder(threshold: 7200 * Self.s) == nil && stopped.remindersSent == 0)
    }

    @Test(
        "elapsed is written H:MM:SS.cc, with days when needed",
        arguments: [
            (Nanoseconds(0), "0:00:00.00"), (1_230_000_000, "0:00:01.23"), (3_723_450_000_000, "1:02:03.45"),
            (93_784_560_000_000, "1d 02:03:04.56"),
        ])
    func format(nanoseconds: Nanoseconds, text: String) {
        #expect(StopwatchFormat.elapsed(nanoseconds) == text)
    }

    @Test(
        "words that need it are quoted for the shell",
        arguments: [("focus", "focus"), ("long run", "'long run'"), ("it's", "'it'\\''s'")])
    func shellWords(word: String, quoted: String) {
        #expect(ShellWord.quoted(word) == quoted)
    }
}
