import KitCore
import KitProtocol
import KitStore

/// Sync through vdirs: the sync command kitd runs (`[sync] command`, `sync.run`), and what the
/// collections the other features keep look like from outside (`sync.status`). The mirrors
/// themselves belong to the features whose items they hold.
final class SyncFeature: Feature {
    let runtime: FeatureRuntime
    let eventNames = [Event.syncConflict, Event.syncFinished]
    private(set) var runner: SyncRunner?

    /// The most files and conflicts one reply lists.
    static let listed = 100

    init(_ runtime: FeatureRuntime) { self.runtime = runtime }

    func mount(on router: RequestRouter) {
        router.register(Method.syncStatus, .now { [unowned self] _, _ in try status() })
        router.register(
            Method.syncRun,
            .later {
                [unowned self] (_, _, reply: @escaping (Result<SyncRunStatus, any Error>) -> Void) in
                guard let runner else {
                    throw KitError.invalidState(
                        "kitd runs no sync command; set one in the config: [sync] command = \"vdirsyncer sync kit\"",
                        state: "not-configured")
                }
                runner.request(.asked) { reply(.success($0)) }
            })
    }

    func load(_ reason: LoadReason) throws {
        guard reason == .start, let command = settings[SyncSettings.self].command else { return }
        if runtime.vdirs.mirrors.isEmpty {
            logger.warning("[sync] command is set, but no [vdir] collection is: the command syncs nothing of kit's")
        }
        let runner = SyncRunner(command: command, runtime: runtime)
        try runner.start()
        self.runner = runner
    }

    func stopping() { runner?.stop() }

    func status() throws -> SyncStatusResult {
        let registry = runtime.vdirs
        let collections = registry.mirrors.map { name, mirror in
            SyncCollectionStatus(
                name: name, path: mirror.collection.path, watched: mirror.isWatched,
                unreadable: mirror.unreadable.keys.sorted().prefix(Self.listed).map {
                    SyncUnreadableFile(file: $0, reason: mirror.unreadable[$0] ?? "")
                }, unreadableCount: mirror.unreadable.count)
        }
        let conflicts = try storing { try runtime.store.vdir.conflicts(limit: Self.listed) }.map {
            SyncConflictEvent(
                id: $0.id, collection: registry.name(ofPath: $0.collection), uid: $0.uid, title: $0.title,
                // A side this kit does not know (a newer kit's row) reads as kit's.
                winner: ItemMerge.Side(rawValue: $0.winner) ?? .kit, at: Timestamp.rfc3339($0.at),
                property: $0.property, lost: $0.kept)
        }
        let succeeded = registry.syncedThrough.flatMap { $0.nanoseconds == .min ? nil : Timestamp.rfc3339($0) }
        return SyncStatusResult(
            collections: collections, conflicts: conflicts, command: settings[SyncSettings.self].command,
            running: runner?.isRunning ?? false, lastRun: runner?.lastRun, lastSucceededAt: succeeded,
            nextRunAt: runner?.nextRun(now: clock.now()).map { Timestamp.rfc3339($0) })
    }
}
