import Foundation
import Glibc
import Synchronization

/// A real $NOTIFY_SOCKET: a datagram socket the test binds, collecting what kitd tells systemd.
public final class NotifySocket: @unchecked Sendable {
    public let path: String
    private let fd: Int32
    private let inbox = Inbox()

    /// Binds the socket and starts reading it on a thread of its own, as systemd does: a datagram
    /// socket that nobody reads fills up after `max_dgram_qlen` (10) messages and then blocks the
    /// sender.
    public init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else { throw HarnessError("bind \(path): \(String(cString: strerror(errno)))") }
        let socketFD = fd
        let reader = inbox
        let thread = Thread { reader.read(socketFD) }
        thread.name = "notify-socket"
        thread.start()
    }

    /// The reader thread closes the socket once it sees this.
    deinit { inbox.stop() }

    /// Every datagram received so far.
    public var messages: [String] { inbox.messages.map(\.text) }

    /// Every datagram with the CLOCK_MONOTONIC second it was read at.
    public var timedMessages: [(at: Double, text: String)] { inbox.messages }

    /// Every `KEY=value` assignment received so far, in order.
    public var assignments: [(key: String, value: String)] {
        messages.flatMap { message in
            message.split(separator: "\n").compactMap { line -> (key: String, value: String)? in
                guard let equals = line.firstIndex(of: "=") else { return nil }
                return (String(line[..<equals]), String(line[line.index(after: equals)...]))
            }
        }
    }

    public func values(of key: String) -> [String] { assignments.filter { $0.key == key }.map(\.value) }

    /// Waits until a `key=value` matching `predicate` arrives.
    @discardableResult
    public func waitFor(
        _ key: String, timeout: Duration = .seconds(10), where predicate: (String) -> Bool = { _ in true }
    )
        -> String?
    {
        var found: String?
        _ = Subprocess.waitUntil(timeout: timeout) {
            found = values(of: key).last(where: predicate)
            return found != nil
        }
        return found
    }
}

/// What the reader thread shares with the test: the messages, and the flag that stops it.
private final class Inbox: Sendable {
    private let received = Mutex<[(at: Double, text: String)]>([])
    private let stopped = Atomic<Bool>(false)

    var messages: [(at: Double, text: String)] { received.withLock { $0 } }

    func stop() { stopped.store(true, ordering: .relaxed) }

    func read(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopped.load(ordering: .relaxed) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let message = (
                    at: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9,
                    text: String(decoding: buffer[0..<count], as: UTF8.self)
                )
                received.withLock { $0.append(message) }
            }
        }
        close(fd)
    }
}
