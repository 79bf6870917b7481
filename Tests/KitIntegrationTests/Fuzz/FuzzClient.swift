import Foundation
import Glibc
import KitClient
import KitProtocol
import KitTestSupport

/// A raw client for the protocol fuzz suite. It sends bytes without ever blocking for long (kitd
/// stops reading a client that does not read its replies), and reads kitd's lines as replies.
final class FuzzClient {
    /// One line kitd sent: a reply (with or without an error) or an event.
    struct Reply {
        var id: RequestID?
        var code: Int?
        var message: String?
        var isEvent: Bool
        var bytes: Int
    }

    enum ReadError: Error, CustomStringConvertible {
        /// kitd sent a line that is not a JSON-RPC object.
        case malformed(String)
        var description: String {
            switch self {
            case .malformed(let line): "kitd sent a line that is not JSON-RPC: \(line)"
            }
        }
    }

    let connection: KitConnection
    /// Set once a read found the connection closed by kitd.
    private(set) var isClosed = false

    init(_ kit: KitdHarness) throws { connection = try kit.connect() }

    var fileDescriptor: Int32 { connection.fileDescriptor }

    /// Sends as much of `bytes` as kitd takes before `timeout` passes, or until it has taken
    /// nothing for `stall`, and returns how many bytes that was. Stops early when kitd closes
    /// the connection.
    @discardableResult
    func send(_ bytes: Data, within timeout: Duration = .seconds(5), stall: Duration? = nil) -> Int {
        var deadline = ContinuousClock.now + min(timeout, stall ?? timeout)
        let end = ContinuousClock.now + timeout
        let fd = fileDescriptor
        return bytes.withUnsafeBytes { raw -> Int in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.send(
                    fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                if count > 0 {
                    offset += count
                    deadline = min(end, ContinuousClock.now + (stall ?? timeout))
                    continue
                }
                if count < 0 && errno == EINTR { continue }
                guard count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { return offset }
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return offset }
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, Int32(clamping: left.milliseconds + 1))
            }
            return offset
        }
    }

    /// Closes the sending side, as a client does after its last request.
    func finishSending() { shutdown(fileDescriptor, Int32(SHUT_WR)) }

    /// The next line kitd sends, or nil when `timeout` passes or kitd closes the connection first.
    func next(timeout: Duration) throws -> Reply? {
        guard !isClosed else { return nil }
        let line: [UInt8]?
        do {
            line = try connection.readLine(timeout: timeout)
        } catch {
            isClosed = true
            return nil
        }
        guard let line else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            throw ReadError.malformed(String(decoding: line.prefix(300), as: UTF8.self))
        }
        let header = try? JSONDecoder().decode(IncomingHeader.self, from: Data(line))
        let error = object["error"] as? [String: Any]
        return Reply(
            id: header?.id, code: error?["code"] as? Int, message: error?["message"] as? String,
            isEvent: object["id"] == nil && object["method"] != nil, bytes: line.count)
    }

    /// The next reply, skipping events; nil as for `next`.
    func reply(timeout: Duration) throws -> Reply? {
        let deadline = ContinuousClock.now + timeout
        while let reply = try next(timeout: max(deadline - ContinuousClock.now, .milliseconds(1))) {
            if !reply.isEvent { return reply }
        }
        return nil
    }

    /// Every reply kitd sends until it has been quiet for `quiet`, or has closed the connection.
    func drain(quiet: Duration = .milliseconds(200), limit: Duration = .seconds(10)) throws -> [Reply] {
        let deadline = ContinuousClock.now + limit
        var replies: [Reply] = []
        while ContinuousClock.now < deadline, let reply = try next(timeout: quiet) {
            if !reply.isEvent { replies.append(reply) }
        }
        return replies
    }

    /// Whether kitd has closed the connection. Reads nothing: unread lines stay unread. (A Unix
    /// stream socket reports POLLHUP once its peer has closed.)
    var isHungUp: Bool {
        var poller = pollfd(fd: fileDescriptor, events: 0, revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return false }
        return poller.revents & Int16(POLLHUP | POLLERR) != 0
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }

    /// Milliseconds with a fraction, for figures in messages.
    var millisecondsValue: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
