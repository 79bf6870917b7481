import ArgumentParser
import KitLocalization
import KitProtocol

/// The timer commands that are one call on one REF, show, pause and resume (`OneCallCommand`),
/// and cancel, one call on each REF given (`EachRefCommand`).
enum TimerCalls {
    protocol Call: OneCall where Arguments == OneRef<TimerRefs>, Params == RefParams, Result == TimerInfo {}

    /// A call that changes the timer, shown as "Paused timer 차: 4:10 left".
    protocol Change: Call {
        /// The line's head, given the timer's name: "Paused timer 차".
        static func did(_ name: String) -> String
    }

    enum Show: Call {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text("Show one timer."),
            discussion: Localized.text("Example: kitctl timer show 차"))
        static let method = Method.timerGet
        static func text(_ timer: TimerInfo) -> String { TimerText.details(timer) }
    }

    enum Pause: Change {
        static let configuration = CommandConfiguration(
            commandName: "pause", abstract: Localized.text("Pause a running timer; resume picks up where it stopped."),
            discussion: Localized.text("Example: kitctl timer pause 차"))
        static let method = Method.timerPause
        static func did(_ name: String) -> String { Localized.text("Paused timer %s", name) }
    }

    enum Resume: Change {
        static let configuration = CommandConfiguration(
            commandName: "resume", abstract: Localized.text("Resume a paused timer."),
            discussion: Localized.text("Example: kitctl timer resume 차"))
        static let method = Method.timerResume
        static func did(_ name: String) -> String { Localized.text("Resumed timer %s", name) }
    }

    enum Cancel: EachRefCall {
        typealias Arguments = Refs
        static let configuration = CommandConfiguration(
            commandName: "cancel", abstract: Localized.text("Cancel a running or paused timer."),
            discussion: Localized.text("Example: kitctl timer cancel 차 라면"))
        static let method = Method.timerCancel
        static func text(_ timer: TimerInfo) -> String {
            TimerText.summary({ Localized.text("Cancelled timer %s", $0) }, timer)
        }
    }

    /// The REFs of `timer cancel`: each word is one (a name with spaces is quoted).
    struct Refs: SeveralRefs {
        @Argument(
            help: ArgumentHelp(
                Localized.text("The timer's id or name; several cancel each (quote a name with spaces)."),
                valueName: "ref"),
            completion: .custom(RefCompletion.timers))
        var ref: [String] = []

        func validate() throws {
            guard !ref.isEmpty else { throw ValidationError(Localized.text("give the timer's id or name")) }
        }

        var refs: [String] { ref }
    }
}

extension TimerCalls.Call {
    static func params(_ one: OneRef<TimerRefs>) -> RefParams { RefParams(ref: one.ref) }
}

extension TimerCalls.Change {
    static func text(_ timer: TimerInfo) -> String { TimerText.summary(did, timer) }
}
