import ArgumentParser
import Glibc
import KitCore
import KitLocalization
import KitProtocol

/// `kitctl timer start` as its arguments give it, whichever parser read them: ArgumentParser's
/// `TimerStart`, or `FastLane`, which reads the common forms by hand. Both run it here.
struct TimerStartOrder: Equatable {
    /// The duration's words, as people write `1h 2m` or `4분 30초` without quotes.
    var duration: [String]
    var name: String?
    var sound: String?
    var silent = false
    var json = false
    var socket: String?

    /// What ArgumentParser reports as a usage error before `run`.
    func validate() throws {
        guard !duration.isEmpty else { throw ValidationError(Localized.text("give a duration, such as 4m30s or 3분")) }
        if silent && sound != nil { throw ValidationError(Localized.text("give --sound or --silent, not both")) }
    }

    func run() throws {
        let length: Nanoseconds
        do {
            length = try DurationParser.parse(Self.words(duration))
        } catch {
            throw CLIError.usage(error)
        }
        let chosen = silent ? "off" : try sound.map(TimerStart.resolved)
        // What only the answer needs is read while kitd commits the timer (KitctlMain leaves it
        // to here): the message catalog (bound, then loaded by its first lookup), the locale's
        // clock and the system's zone.
        let timer = try KitdSocket(explicit: socket).call(
            Method.timerStart, TimerStartParams(durationNs: length, name: name, sound: chosen),
            meanwhile: {
                Localized.setUpIfNeeded()
                _ = Localized.writing
                _ = LocaleClock.style
                tzset()
            })
        if json { return try JSONOutput.print(timer) }
        Terminal.writeLine(
            timer.state == .running
                ? TimerText.started(timer) : TimerText.summary({ Localized.text("Started timer %s", $0) }, timer))
        if let name, let given = timer.name, given != name {
            Terminal.writeError(
                Localized.text("note: a timer named '%1$s' is running, so this one is '%2$s'", name, given))
        }
    }

    /// The words with one space between them; a loop, not `joined`, whose generic code has the
    /// runtime look up conformances at the start of every `kitctl timer start`.
    static func words(_ words: [String]) -> String {
        var text = ""
        for word in words {
            if !text.isEmpty { text += " " }
            text += word
        }
        return text
    }
}
