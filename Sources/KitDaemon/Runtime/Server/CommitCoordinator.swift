import KitProtocol
import KitStore
import Logging

/// Ends each loop turn that changed something: commits the database once, then lets the
/// replies and events of the turn go out. One fsync serves every request of the turn, and no
/// reply or event ever reports a change that is not yet on disk.
///
/// It runs as an sd-event defer source at the lowest priority, so it runs after every pending
/// request and timer of the turn has been handled.
final class CommitCoordinator {
    private let store: KitDatabase
    private let server: SocketServer
    private let logger: Logger
    private var source: DeferSource?
    private var afterCommit: [() -> Void] = []
    private var afterSend: [() -> Void] = []
    private var afterFlush: [() -> Void] = []
    private var beforeCommit: [() -> Void] = []

    /// Called after a failed commit, once the in-memory state must be reloaded from the database.
    var onCommitFailure: ((any Error) -> Void)?

    init(loop: EventLoop, store: KitDatabase, server: SocketServer, logger: Logger) throws(SystemError) {
        self.store = store
        self.server = server
        self.logger = logger
        source = try loop.deferred(description: "commit-and-flush") { [unowned self] in self.flush() }
        server.requestFlush = { [unowned self] in self.source?.trigger() }
    }

    /// After a client's input is handled: if the turn changed nothing, send its replies now
    /// instead of on another loop turn. Saves a wake-up per read-only request.
    func flushIfNothingToCommit() {
        if hasNothingToCommit { flush() }
    }

    /// Whether the turn so far changed nothing and waits for nothing: its replies may go out now.
    var hasNothingToCommit: Bool {
        !store.hasPendingChanges && afterCommit.isEmpty && afterSend.isEmpty && afterFlush.isEmpty
    }

    /// Runs `action` once the turn's changes are committed; dropped if the commit fails.
    func onCommitted(_ action: @escaping () -> Void) {
        afterCommit.append(action)
        source?.trigger()
    }

    /// Runs `action` once the turn's changes are committed and its replies and events written;
    /// dropped if the commit fails. For slower work that must not delay the events (popups).
    func onCommittedAndSent(_ action: @escaping () -> Void) {
        afterSend.append(action)
        source?.trigger()
    }

    /// Runs `action` at the end of the turn, whatever happened to the commit.
    func onFlushed(_ action: @escaping () -> Void) {
        afterFlush.append(action)
        source?.trigger()
    }

    /// Runs `action` just before the next commit of changes made anyway (or at shutdown), into
    /// the same transaction: for bookkeeping that should ride along with a commit, not cost one.
    /// It does not bring a commit about.
    func beforeNextCommit(_ action: @escaping () -> Void) { beforeCommit.append(action) }

    /// Commits and sends now. `final` (on shutdown) also runs what waits for a commit.
    func flush(final: Bool = false) {
        source?.cancel()
        if store.hasPendingChanges || final {
            let riders = beforeCommit
            beforeCommit.removeAll()
            for action in riders { action() }
        }
        var failure: RPCError?
        do {
            try store.commit()
        } catch {
            logger.critical(
                "could not commit to the database; reloading the saved state", metadata: ["error": "\(error)"])
            failure = RPCError(code: ErrorCode.storageFailure, message: StorageError(underlying: error).description)
            afterCommit.removeAll()
            afterSend.removeAll()
            onCommitFailure?(error)
        }
        server.promoteStaged(failure: failure)
        let committed = afterCommit
        afterCommit.removeAll()
        for action in committed { action() }
        server.flush()
        let sent = afterSend
        afterSend.removeAll()
        for action in sent { action() }
        let finals = afterFlush
        afterFlush.removeAll()
        for action in finals { action() }
    }
}
