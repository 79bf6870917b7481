import KitCore
import KitStore
import Logging

/// The shared runtime a feature is built with: the parts of kitd that belong to no one feature.
struct FeatureRuntime {
    /// The event loop, for a feature's own sources (a vdir's inotify watch).
    let loop: EventLoop
    let store: KitDatabase
    let scheduler: Scheduler
    let clock: any DaemonClock
    let zones: any ZoneProvider
    /// The background thread for work too long for the loop; results come back on the loop.
    let worker: BackgroundWorker
    let commits: CommitCoordinator
    let events: EventBus
    /// Every popup goes through here: recorded, one at a time, bursts gathered.
    let popups: PopupLedger
    let popupActions: PopupActions
    /// The vdir collections the features keep, for `sync.status`.
    let vdirs = VdirRegistry()
    let status: StatusReport
    /// The order names are listed in: the user's language's (`Collation`).
    let names: any NameOrder
    /// What the person set in config.toml, as kitd runs with it now: a reload replaces it.
    let currentSettings: CurrentSettings
    var settings: KitSettings { currentSettings.value }
    /// When this kitd started: what came due before this came due while kitd was down.
    let startedAt: ClockReading
    /// Where kitd keeps its data, and what a feature needs to find files of its own.
    let paths: DaemonPaths
    let logger: Logger

    var dataDirectory: String { paths.dataDirectory }
}
