import KitCore
import KitProtocol
import Logging

/// One room of kitd: timers, ramen, stopwatches, tasks, places, memos or the diary.
///
/// A feature owns its state, its routes, its alarms (a typed `Alarms` channel asked of the
/// scheduler in its init), its popups and what their buttons do (a typed `PopupSubject`
/// registered with `PopupActions`), its load and reload, and its reaction to clock and zone
/// changes. The `Daemon` holds a list of features plus the shared runtime, and knows none of
/// them by name: adding a feature is its own folder and one line in `Daemon.features`.
protocol Feature: AnyObject {
    /// The shared runtime the feature was built with.
    var runtime: FeatureRuntime { get }

    /// Registers the feature's methods.
    func mount(on router: RequestRouter)

    /// The names of the events the feature sends, declared to the `EventBus` as its routes are
    /// mounted.
    var eventNames: [String] { get }

    /// Reads the feature's state from the store and arms its alarms: at start, and again after
    /// a failed commit threw away the turn's changes. Features load in registration order, so
    /// one may build on a feature registered before it.
    func load(_ reason: LoadReason) throws

    /// The wall clock was set. Boot-clock alarms stand; stored wall instants may need moving.
    func wallClockChanged()

    /// The system time zone changed.
    func zoneChanged()

    /// `kitctl reload` put a new configuration in force, in which these tables changed.
    func settingsChanged(_ tables: Set<String>)

    /// The feature's part of systemd's `STATUS=` line, or nil when it has nothing to say.
    func statusLine(now: ClockReading) -> String?

    /// What the feature says in the `STATUS=` line when no feature has anything to report
    /// (`no timers`), or nil to say nothing.
    var idleStatus: String? { get }

    /// Fills the feature's fields of `daemon.status`.
    func describe(into status: inout DaemonStatusResult, now: ClockReading)

    /// Fills the feature's part of `today`: what of it runs, or is due, today.
    func today(into result: inout TodayResult, now: ClockReading) throws

    /// Adds the feature's part of the tray (`Tray`): its menu section, its countdowns and its
    /// lines of the summary. Called on the loop whenever the tray gathers what it shows.
    func tray(into menu: inout TrayMenu, now: ClockReading)

    /// kitd is stopping: end what the feature runs outside the loop (a sync command).
    func stopping()
}

/// Why a feature loads.
enum LoadReason {
    /// kitd is starting.
    case start
    /// A commit failed: memory must match the database again.
    case afterFailedCommit
}

extension Feature {
    var clock: any DaemonClock { runtime.clock }
    var zones: any ZoneProvider { runtime.zones }
    var scheduler: Scheduler { runtime.scheduler }
    var commits: CommitCoordinator { runtime.commits }
    var events: EventBus { runtime.events }
    var popups: PopupLedger { runtime.popups }
    var status: StatusReport { runtime.status }
    var settings: KitSettings { runtime.settings }
    var logger: Logger { runtime.logger }

    func load(_ reason: LoadReason) throws {}
    func wallClockChanged() {}
    func zoneChanged() {}
    func settingsChanged(_ tables: Set<String>) {}
    func statusLine(now: ClockReading) -> String? { nil }
    var idleStatus: String? { nil }
    func describe(into status: inout DaemonStatusResult, now: ClockReading) {}
    func today(into result: inout TodayResult, now: ClockReading) throws {}
    func tray(into menu: inout TrayMenu, now: ClockReading) {}
    func stopping() {}
}
