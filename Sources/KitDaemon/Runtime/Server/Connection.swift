import Foundation
import KitProtocol

/// A reply waiting for the turn's commit. A durable reply is replaced by an error if the commit
/// fails, because the change it reports was not saved.
struct StagedReply {
    var id: RequestID
    var bytes: [UInt8]
    var durable: Bool
}

/// One client connection. Owned by `SocketServer`; touched only on the loop thread.
final class Connection {
    let id: Int
    let fd: Int32
    var framer = LineFramer()
    /// Replies of this turn, sent after the commit, and their size in bytes.
    var staged: [StagedReply] = []
    var stagedBytes = 0
    /// How many of the staged replies are durable.
    var stagedDurable = 0
    /// Bytes ready to write.
    var output: [UInt8] = []
    var outputStart = 0
    /// Event patterns after `events.subscribe`; nil before.
    var subscriptions: [String]?
    /// Set on EOF or a fatal framing error: write what is queued, then close.
    var closeAfterFlush = false
    /// A request of this connection runs off the loop: nothing more is read or handled from it
    /// until its reply comes, so replies keep the order of the requests.
    var awaitingLateReply = false
    /// Lines are buffered that were not handled yet: the connection's slice of a loop turn ran
    /// out, or its unread replies piled up. Nothing more is read from it until they are handled.
    var hasWaitingLines = false
    var isClosed = false
    var source: IOSource?

    init(id: Int, fd: Int32) {
        self.id = id
        self.fd = fd
    }

    var pendingOutput: Int { output.count - outputStart }

    func wants(event name: String) -> Bool {
        guard let subscriptions else { return false }
        return subscriptions.isEmpty || subscriptions.contains { Event.matches(name, pattern: $0) }
    }
}
