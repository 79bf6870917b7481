/// The vdir collections the features opened, by name (`tasks`, `diary`, `memos`): what
/// `sync.status` reports on. Each feature registers its own mirror when it opens it.
final class VdirRegistry {
    private(set) var mirrors: [(name: String, mirror: VdirMirror)] = []

    func register(_ name: String, _ mirror: VdirMirror) { mirrors.append((name, mirror)) }

    /// The name of the collection at `path`, or the path when no feature keeps one there now.
    func name(ofPath path: String) -> String {
        mirrors.first { $0.mirror.collection.path == path }?.name ?? path
    }
}
