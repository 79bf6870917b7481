import KitCore
import KitProtocol
import KitStore

/// Sync through vdirs: what the collections the other features keep look like from outside
/// (`sync.status`). The mirrors themselves belong to the features whose items they hold.
final class SyncFeature: Feature {
    let runtime: FeatureRuntime

    /// The most files and conflicts one reply lists.
    static let listed = 100

    init(_ runtime: FeatureRuntime) { self.runtime = runtime }

    func mount(on router: RequestRouter) {
        router.register(Method.syncStatus, EmptyParams.self) { [unowned self] _, _ in try status() }
    }

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
                winner: $0.winner, at: Timestamp.rfc3339($0.at))
        }
        return SyncStatusResult(collections: collections, conflicts: conflicts)
    }
}
