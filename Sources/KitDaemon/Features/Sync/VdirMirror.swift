import Logging

/// Keeps a vdir collection in step with what kitd commits: each changed item's file written
/// whole, each deleted item's file removed, all on the background worker, in order, after the
/// commit (so a file never shows a change the database does not have). A file whose text would
/// not change is left alone. At start, `keep` over every item writes each one whose file is
/// missing or differs, which also mends a change that a crash between the commit and the write
/// left out. Files of items kit does not have are left alone.
final class VdirMirror {
    private let collection: VdirCollection
    private let worker: BackgroundWorker
    private let logger: Logger

    init(collection: VdirCollection, worker: BackgroundWorker, logger: Logger) {
        self.collection = collection
        self.worker = worker
        self.logger = logger
    }

    /// The mirror of the collection at `path` (a `[vdir]` setting), checked now: nil when the
    /// setting is absent; a path that is missing or not a directory stops kitd at start.
    static func open(_ path: String?, runtime: FeatureRuntime) throws(DaemonStartError) -> VdirMirror? {
        guard let path else { return nil }
        return VdirMirror(collection: try VdirCollection(path: path), worker: runtime.worker, logger: runtime.logger)
    }

    /// What writing a batch did.
    struct Outcome: Sendable {
        var written = 0
        var unchanged = 0
        var failures: [String] = []
    }

    /// Writes the items `items` makes (on the worker, from values the caller captured), each
    /// unless its file already holds its text. `label` names the batch in the log.
    func keep(_ label: String, _ items: @escaping @Sendable () -> [(uid: String, text: String)]) {
        let collection = collection
        let work: @Sendable () -> Outcome = {
            var outcome = Outcome()
            for item in items() {
                do {
                    if try collection.update(item.text, uid: item.uid) {
                        outcome.written += 1
                    } else {
                        outcome.unchanged += 1
                    }
                } catch {
                    outcome.failures.append("\(item.uid): \(error)")
                }
            }
            return outcome
        }
        worker.submit("vdir." + label, work) { [logger, path = collection.path] outcome in
            logger.debug(
                "vdir kept",
                metadata: [
                    "vdir.path": "\(path)", "vdir.batch": "\(label)", "vdir.written": "\(outcome.written)",
                    "vdir.unchanged": "\(outcome.unchanged)", "vdir.failures": "\(outcome.failures.count)",
                ])
            for failure in outcome.failures.prefix(10) {
                logger.error("could not write a vdir item", metadata: ["vdir.path": "\(path)", "error": "\(failure)"])
            }
        }
    }

    /// Removes the item `uid`'s file.
    func remove(_ uid: String) {
        let collection = collection
        let work: @Sendable () -> String? = {
            do {
                try collection.remove(uid: uid)
                return nil
            } catch {
                return "\(error)"
            }
        }
        worker.submit("vdir.remove", work) { [logger] failure in
            if let failure {
                logger.error("could not remove a vdir item", metadata: ["item.uid": "\(uid)", "error": "\(failure)"])
            }
        }
    }

    /// After the turn's commit: the item `uid` removed when `deleted`, else written as `text`
    /// makes it. For features whose items change one at a time (memos, the diary).
    func change(_ uid: String, deleted: Bool, commits: CommitCoordinator, text: @escaping @Sendable () -> String) {
        commits.onCommitted { [self] in
            if deleted {
                remove(uid)
            } else {
                keep("write") { [(uid, text())] }
            }
        }
    }
}
