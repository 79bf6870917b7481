/// The vdir collections kitd keeps, from `[vdir]` in the config: each checked at start (a path
/// that is missing or not a directory stops kitd), nil when not set.
struct VdirCollections {
    var tasks: VdirCollection?
    var diary: VdirCollection?
    var memos: VdirCollection?

    init(_ settings: KitSettings) throws(DaemonStartError) {
        tasks = try settings.vdirTasks.map { path throws(DaemonStartError) in try VdirCollection(path: path) }
        diary = try settings.vdirDiary.map { path throws(DaemonStartError) in try VdirCollection(path: path) }
        memos = try settings.vdirMemos.map { path throws(DaemonStartError) in try VdirCollection(path: path) }
    }
}
