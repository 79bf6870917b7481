import KitCore

/// The vdir collections the features opened, by name (`tasks`, `diary`, `memos`), and what they
/// share with the sync command's runner: what `sync.status` reports on, when kit last changed a
/// file, whether their work has landed, and how far the server is known to hold kit's changes.
/// Each feature registers its own mirror when it opens it.
final class VdirRegistry {
    private(set) var mirrors: [(name: String, mirror: VdirMirror)] = []

    /// Called when kit wrote or removed a file of a collection (the runner schedules a sync).
    var onLocalChange: (() -> Void)?

    /// When the last sync run that succeeded started: a file kit wrote at or after it may not be
    /// on the server yet, so a change from outside to the same item is a conflict. The earliest
    /// time there is when no run has succeeded yet; nil when kitd runs no sync command (then only
    /// a change kit has not written out yet meets one from outside).
    var syncedThrough: WallTime?

    func register(_ name: String, _ mirror: VdirMirror) { mirrors.append((name, mirror)) }

    /// The name of the collection at `path`, or the path when no feature keeps one there now.
    func name(ofPath path: String) -> String {
        mirrors.first { $0.mirror.collection.path == path }?.name ?? path
    }

    /// Whether a file kit wrote at `kitWroteAt` may not be on the server: written at or after the
    /// start of the last sync that succeeded.
    func unsynced(_ kitWroteAt: WallTime?) -> Bool {
        guard let syncedThrough, let kitWroteAt else { return false }
        return kitWroteAt >= syncedThrough
    }

    /// Runs `action` once every collection has written what kit committed and read what was seen
    /// changing in it: before the sync command starts (so it sees kit's changes) and after it
    /// ends (so its changes are in kit when the run is reported).
    func whenSettled(_ action: @escaping () -> Void) {
        var waiting = mirrors.count
        guard waiting > 0 else { return action() }
        for (_, mirror) in mirrors {
            mirror.whenSettled {
                waiting -= 1
                if waiting == 0 { action() }
            }
        }
    }
}
