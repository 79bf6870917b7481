import KitStore
import Logging

/// Reads the bases of a collection's files on the worker, through a read-only connection of its
/// own (opened by the first job that needs it): a page of 2,000 files' bases is then not read on
/// the loop. It sees what is committed; the loop hands a job the bases it has not recorded yet.
/// Only worker jobs use it, one at a time.
final class VdirBaseReader: @unchecked Sendable {
    private let path: String
    private let collection: String
    private let logger: Logger
    private var database: KitDatabase?

    init(path: String, collection: String, logger: Logger) {
        self.path = path
        self.collection = collection
        self.logger = logger
    }

    func bases(of name: String) -> VdirStore.Bases {
        do {
            if database == nil { database = try KitDatabase.openReader(path: path, logger: logger) }
            return try database?.vdir.bases(collection: collection, name: name) ?? VdirStore.Bases()
        } catch {
            // Without its base, the file is written as kit renders it, unless it is as new.
            logger.error("could not read a vdir file's base", metadata: ["vdir.file": "\(name)", "error": "\(error)"])
            return VdirStore.Bases()
        }
    }
}
