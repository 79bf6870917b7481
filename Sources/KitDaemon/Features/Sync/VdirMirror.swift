import Logging

/// Keeps a vdir collection in step with what kitd commits: each changed item's file written
/// whole, each deleted item's file removed, all on the background worker, in order, after the
/// commit (so a file never shows a change the database does not have). At start, `catchUp`
/// writes every item whose file is missing or differs, which also mends a change that a crash
/// between the commit and the write left out. Files of items kit does not have are left alone.
final class VdirMirror {
    private let collection: VdirCollection
    private let worker: BackgroundWorker
    private let logger: Logger

    init(collection: VdirCollection, worker: BackgroundWorker, logger: Logger) {
        self.collection = collection
        self.worker = worker
        self.logger = logger
    }

    /// Writes the item `uid` as the text `text` makes (on the worker), unless its file holds it.
    func put(_ uid: String, text: @escaping @Sendable () -> String) {
        let collection = collection
        let work: @Sendable () -> String? = {
            do {
                try collection.update(text(), uid: uid)
                return nil
            } catch {
                return "\(error)"
            }
        }
        worker.submit("vdir.write", work) { [logger] failure in
            if let failure {
                logger.error("could not write a vdir item", metadata: ["item.uid": "\(uid)", "error": "\(failure)"])
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

    /// What a catch-up did.
    struct CatchUp: Sendable {
        var written = 0
        var unchanged = 0
        var failures: [String] = []
    }

    /// Writes each item whose file is missing or holds other text; `items` is made on the worker,
    /// from values the caller captured.
    func catchUp(_ items: @escaping @Sendable () -> [(uid: String, text: String)]) {
        let collection = collection
        let work: @Sendable () -> CatchUp = {
            var current: [String: [UInt8]] = [:]
            for file in (try? collection.items()) ?? [] { current[file.name] = file.bytes }
            var outcome = CatchUp()
            for item in items() {
                guard current[VdirCollection.fileName(for: item.uid)] != Array(item.text.utf8) else {
                    outcome.unchanged += 1
                    continue
                }
                do {
                    try collection.write(item.text, uid: item.uid)
                    outcome.written += 1
                } catch {
                    outcome.failures.append("\(item.uid): \(error)")
                }
            }
            return outcome
        }
        worker.submit("vdir.catch-up", work) { [logger, path = collection.path] outcome in
            logger.info(
                "vdir caught up",
                metadata: [
                    "vdir.path": "\(path)", "vdir.written": "\(outcome.written)",
                    "vdir.unchanged": "\(outcome.unchanged)", "vdir.failures": "\(outcome.failures.count)",
                ])
            for failure in outcome.failures.prefix(10) {
                logger.error("could not write a vdir item", metadata: ["error": "\(failure)"])
            }
        }
    }
}
