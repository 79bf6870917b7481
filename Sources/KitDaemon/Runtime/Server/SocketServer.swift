import Foundation
import Glibc
import KitProtocol
import Logging

/// Accepts clients on the listening socket, frames their input into lines, and writes their
/// replies and events without ever blocking the loop.
///
/// Replies are staged per connection and written in `flush`, which the daemon runs after it has
/// committed the turn's changes; while a turn has changed nothing, a pipelining client's replies
/// are also written every 64 lines (`writeEarly`). A client that sends faster than it reads is paused
/// (its lines are not handled and its socket is not read) until its backlog drains. So is a
/// client whose request runs off the loop, until its late reply comes (`awaitLateReply`,
/// `deliverLateReply`).
///
/// One client's lines are handled for at most `slice` at a time. What is left waits, unread
/// beyond, until the turn's replies are out and other clients have had their turn; then the
/// next slice runs (`resumeWaitingLines`). So thousands of pipelined requests never hold the
/// loop, and a request that makes a big reply is not run again and again before anyone reads.
final class SocketServer {
    static let maximumConnections = 1024
    /// Stop handling and reading a client with this many replies staged, or this many bytes of
    /// replies staged and unwritten.
    static let stagedLimit = 4096
    static let readPauseBytes = 4 << 20
    /// How long one client's lines are handled before the loop moves on (a test that counts
    /// lines within one slice makes it longer).
    var slice = Duration.milliseconds(10)
    /// A subscriber that lets this much pile up is disconnected.
    static let outputLimit = 64 << 20
    /// While a turn has nothing to commit, the replies of a client's pipelined lines are written
    /// every this many lines, not only at the end of the turn (`writeEarly`).
    static let earlyWriteLines = 64

    private let loop: EventLoop
    private let listener: ListeningSocket
    private let logger: Logger
    private var acceptSource: IOSource?
    private var resumeSource: DeferSource?
    private var connections: [Int: Connection] = [:]
    private var dirty: Set<Int> = []
    /// Connections with lines left to handle (`Connection.hasWaitingLines`).
    private var waiting: Set<Int> = []
    private var nextID = 1
    private let ownUID = getuid()

    /// Called for each complete line a client sends.
    var onLine: ((Connection, [UInt8]) -> Void)?
    /// Called when a connection has something to send, so the daemon schedules a flush.
    var requestFlush: (() -> Void)?
    /// Called after each read from a client has been handled.
    var onReadHandled: (() -> Void)?
    /// Whether the turn so far has nothing to commit, so that replies may go out before it ends.
    var canWriteEarly: (() -> Bool)?
    /// One read buffer for every client: reads happen one at a time on the loop thread.
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)

    init(loop: EventLoop, listener: ListeningSocket, logger: Logger) throws(SystemError) {
        self.loop = loop
        self.listener = listener
        self.logger = logger
        acceptSource = try loop.io(fd: listener.fd, events: .readable, description: "listener") { [unowned self] _ in
            self.acceptAll()
        }
        // After the turn's IO, so that every other client is read first.
        resumeSource = try loop.deferred(description: "resume-lines", priority: EventLoop.Priority.afterIO) {
            [unowned self] in
            self.resumeWaitingLines()
        }
    }

    var connectionCount: Int { connections.count }

    /// Every connection subscribed to `event`.
    func subscribers(of event: String) -> [Connection] {
        connections.values.filter { !$0.isClosed && $0.wants(event: event) }
    }

    // MARK: Sending

    /// The request just handled on `connection` answers later: read and handle nothing more from
    /// it until `deliverLateReply`.
    func awaitLateReply(on connection: Connection) {
        connection.awaitingLateReply = true
    }

    /// The reply to a request that ran off the loop (nil for a notification): staged like any
    /// other, and the connection is read again, starting with the lines it already sent. A reply
    /// for a connection that is gone is dropped.
    func deliverLateReply(_ reply: StagedReply?, on connection: Connection) {
        guard !connection.isClosed else {
            logger.debug(
                "dropped a reply: its client is gone",
                metadata: ["client.id": "\(connection.id)", "rpc.id": "\(reply.map { "\($0.id)" } ?? "none")"])
            return
        }
        connection.awaitingLateReply = false
        if let reply { stage(reply, on: connection) }
        drainLines(connection, until: ContinuousClock.now + slice)
        // Written, then closed, when the client had already closed its side.
        if connection.closeAfterFlush { markDirty(connection) }
        updateInterest(connection)
        onReadHandled?()
    }

    func stage(_ reply: StagedReply, on connection: Connection) {
        guard !connection.isClosed else { return }
        connection.staged.append(reply)
        connection.stagedBytes += reply.bytes.count
        if reply.durable { connection.stagedDurable += 1 }
        markDirty(connection)
    }

    /// Queues bytes to go out at the next flush, outside the commit ordering (events).
    func enqueue(_ bytes: Data, on connection: Connection) {
        guard !connection.isClosed else { return }
        connection.output.append(contentsOf: bytes)
        markDirty(connection)
    }

    /// Moves staged replies to the output. When the commit failed, durable replies become errors.
    func promoteStaged(failure: RPCError?) {
        let encoder = WireCodec.encoder()
        for id in dirty {
            guard let connection = connections[id] else { continue }
            for reply in connection.staged {
                if reply.durable, let failure,
                    let data = try? WireCodec.line(ErrorEnvelope(id: reply.id, error: failure), with: encoder)
                {
                    connection.output.append(contentsOf: data)
                } else {
                    connection.output.append(contentsOf: reply.bytes)
                }
            }
            connection.staged.removeAll(keepingCapacity: true)
            connection.stagedBytes = 0
            connection.stagedDurable = 0
        }
    }

    /// Writes the replies `connection` has staged before the turn ends, as the turn's flush
    /// would if it came now: only while the turn has nothing to commit and none of them is
    /// durable (a durable reply becomes an error if a later commit of the turn fails). A
    /// pipelining client then reads its first replies, and sends more, while its later lines run,
    /// instead of waiting for all of them; the flow-control bounds are unchanged.
    private func writeEarly(_ connection: Connection) {
        guard !connection.staged.isEmpty, connection.stagedDurable == 0, canWriteEarly?() == true else { return }
        for reply in connection.staged { connection.output.append(contentsOf: reply.bytes) }
        connection.staged.removeAll(keepingCapacity: true)
        connection.stagedBytes = 0
        write(connection)
    }

    /// Writes what every dirty connection has queued, as far as each socket takes it.
    func flush() {
        let ids = dirty
        dirty.removeAll(keepingCapacity: true)
        for id in ids {
            guard let connection = connections[id] else { continue }
            write(connection)
        }
        // The turn's replies are out: the next slice of what clients left waiting.
        if !waiting.isEmpty { resumeSource?.trigger() }
    }

    /// Whether `connection` has so many replies waiting (staged, or unwritten because the client
    /// does not read) that no more of its lines are handled or read.
    private func isBacklogged(_ connection: Connection) -> Bool {
        connection.staged.count >= Self.stagedLimit
            || connection.pendingOutput + connection.stagedBytes >= Self.readPauseBytes
    }

    // MARK: Accepting and reading

    private func acceptAll() {
        while true {
            let fd = accept(listener.fd, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK {
                    logger.warning("accept failed", metadata: ["error": "\(SystemError.last("accept"))"])
                }
                return
            }
            UnixSocket.setNonBlocking(fd)
            if let uid = UnixSocket.peerUID(fd), uid != ownUID, uid != 0 {
                logger.warning("refused a client of another user", metadata: ["client.uid": "\(uid)"])
                close(fd)
                continue
            }
            guard connections.count < Self.maximumConnections else {
                logger.warning("too many clients; refusing one", metadata: ["clients": "\(connections.count)"])
                close(fd)
                continue
            }
            let connection = Connection(id: nextID, fd: fd)
            nextID += 1
            do {
                connection.source = try loop.io(fd: fd, events: .readable, description: "client") {
                    [unowned self, unowned connection] events in
                    self.handle(events, on: connection)
                }
            } catch {
                logger.warning("cannot watch a client", metadata: ["error": "\(error)"])
                close(fd)
                continue
            }
            connections[connection.id] = connection
            logger.trace("client connected", metadata: ["client.id": "\(connection.id)"])
        }
    }

    private func handle(_ events: IOEvents, on connection: Connection) {
        if events.contains(.writable) { write(connection) }
        if events.contains(.readable) || events.contains(.hangUp) { read(connection) }
        // EPOLLHUP and EPOLLERR are reported whether asked for or not: the peer is gone both
        // ways, so nothing queued can reach it. Close rather than be woken again and again.
        if !connection.isClosed && (events.contains(.error) || (events.contains(.hangUp) && connection.closeAfterFlush))
        {
            closeConnection(connection)
        }
    }

    /// Reads up to 256 KiB per turn, and handles lines for up to `slice`, for fairness between
    /// clients. Always leaves the source's interest up to date: a level-triggered source left
    /// readable at EOF would spin the loop.
    private func read(_ connection: Connection) {
        defer {
            updateInterest(connection)
            onReadHandled?()
        }
        let deadline = ContinuousClock.now + slice
        for _ in 0..<4 {
            guard !connection.isClosed, !connection.closeAfterFlush, !connection.awaitingLateReply,
                !connection.hasWaitingLines
            else { return }
            let count = readBuffer.withUnsafeMutableBytes { Glibc.read(connection.fd, $0.baseAddress, $0.count) }
            if count > 0 {
                readBuffer.withUnsafeBytes { connection.framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                drainLines(connection, until: deadline)
                if connection.hasWaitingLines || isBacklogged(connection) || connection.awaitingLateReply { return }
                if count < readBuffer.count { return }
            } else if count == 0 {
                if let last = connection.framer.takeRemainder(), !last.allSatisfy({ $0 == 32 || $0 == 9 }) {
                    onLine?(connection, last)
                }
                connection.closeAfterFlush = true
                markDirty(connection)
                return
            } else {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                closeConnection(connection)
                return
            }
        }
    }

    /// Handles the lines `connection` has sent, until `deadline` or until its replies pile up;
    /// what is left waits for `resumeWaitingLines`.
    private func drainLines(_ connection: Connection, until deadline: ContinuousClock.Instant) {
        connection.hasWaitingLines = false
        var sinceWrite = 0
        while !connection.closeAfterFlush, !connection.awaitingLateReply, !connection.isClosed {
            if isBacklogged(connection) || ContinuousClock.now >= deadline {
                connection.hasWaitingLines = true
                break
            }
            guard let frame = connection.framer.next() else { break }
            switch frame {
            case .line(let line):
                if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
                onLine?(connection, line)
                sinceWrite += 1
                if sinceWrite == Self.earlyWriteLines {
                    sinceWrite = 0
                    writeEarly(connection)
                }
            case .tooLong:
                let error = RPCError(
                    code: ErrorCode.requestTooLarge,
                    message: Self.tooLongMessage,
                    data: RPCErrorData(limit: LineFramer.defaultMaximum))
                if let data = try? WireCodec.lineBytes(
                    ErrorEnvelope(id: .null, error: error), with: WireCodec.encoder())
                {
                    stage(StagedReply(id: .null, bytes: data, durable: false), on: connection)
                }
                logger.notice(
                    "closing a client that sent an over-long line", metadata: ["client.id": "\(connection.id)"])
                connection.closeAfterFlush = true
                markDirty(connection)
            }
        }
        if connection.hasWaitingLines {
            waiting.insert(connection.id)
            // The slice resumes once the turn's replies are out (`flush`).
            requestFlush?()
        } else {
            waiting.remove(connection.id)
        }
    }

    /// The next slice of each connection that has lines waiting and whose replies are read.
    private func resumeWaitingLines() {
        resumeSource?.cancel()
        var handled = false
        for id in waiting.sorted() {
            guard let connection = connections[id], !connection.isClosed else {
                waiting.remove(id)
                continue
            }
            guard !connection.awaitingLateReply, !isBacklogged(connection) else { continue }
            drainLines(connection, until: ContinuousClock.now + slice)
            updateInterest(connection)
            handled = true
        }
        if handled { onReadHandled?() }
    }

    /// What a client that sent an over-long line is told: the limit, what became of the line, and
    /// what to do instead.
    static let tooLongMessage =
        "request line is longer than \(LineFramer.defaultMaximum) bytes (1 MiB), the most kitd reads; nothing in "
        + "it was run, and the connection will be closed. Send less in one request: split a bigger calendar into "
        + "files under 900 KB and import each (`kitctl task import` refuses bigger ones)"

    // MARK: Writing and closing

    private func write(_ connection: Connection) {
        guard !connection.isClosed else { return }
        while connection.pendingOutput > 0 {
            let count = connection.output.withUnsafeBytes { raw in
                send(
                    connection.fd, raw.baseAddress! + connection.outputStart, connection.pendingOutput,
                    Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                connection.outputStart += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                closeConnection(connection)
                return
            }
        }
        if connection.pendingOutput == 0 {
            connection.output.removeAll(keepingCapacity: connection.output.count <= 65_536)
            connection.outputStart = 0
            if connection.closeAfterFlush && connection.staged.isEmpty && !connection.awaitingLateReply {
                closeConnection(connection)
                return
            }
        } else if connection.pendingOutput > Self.outputLimit {
            logger.warning(
                "disconnecting a client that does not read its events",
                metadata: ["client.id": "\(connection.id)", "client.backlog_bytes": "\(connection.pendingOutput)"])
            closeConnection(connection)
            return
        } else if connection.outputStart > 1 << 20 {
            connection.output.removeFirst(connection.outputStart)
            connection.outputStart = 0
        }
        // The client read enough: its waiting lines can be handled again.
        if connection.hasWaitingLines && !isBacklogged(connection) { resumeSource?.trigger() }
        updateInterest(connection)
    }

    private func updateInterest(_ connection: Connection) {
        guard !connection.isClosed else { return }
        var events: IOEvents = []
        if !connection.closeAfterFlush && !connection.awaitingLateReply && !connection.hasWaitingLines
            && !isBacklogged(connection)
        {
            events.insert(.readable)
        }
        if connection.pendingOutput > 0 { events.insert(.writable) }
        connection.source?.setEvents(events)
        if events.isEmpty { connection.source?.disable() } else { connection.source?.enable() }
    }

    private func markDirty(_ connection: Connection) {
        dirty.insert(connection.id)
        requestFlush?()
    }

    func closeConnection(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connection.source = nil
        close(connection.fd)
        connections.removeValue(forKey: connection.id)
        dirty.remove(connection.id)
        waiting.remove(connection.id)
        // A client that had megabytes of replies or events piled up leaves a heap of freed
        // blocks behind: they are given back (issue 34: let go of what a burst left behind).
        let burst = connection.output.capacity > Self.burstBytes
        connection.output = []
        connection.staged.removeAll()
        connection.stagedBytes = 0
        if burst { afterBurst?() }
        logger.trace("client disconnected", metadata: ["client.id": "\(connection.id)", "client.burst": "\(burst)"])
    }

    /// A client whose output buffer grew beyond this is a burst to clean up after.
    static let burstBytes = 1 << 20
    /// Runs when such a client has gone, on the loop: the daemon hands the heap's trim to its
    /// worker thread (5 ms for a fragmented 73 MB heap, measured with glibc's malloc_trim).
    var afterBurst: (() -> Void)?

    /// Closes every client and the listener.
    func shutdown() {
        for connection in connections.values { closeConnection(connection) }
        acceptSource = nil
        resumeSource = nil
        close(listener.fd)
    }
}
