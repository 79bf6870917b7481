import Glibc
import KitCore
import KitProtocol

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A blocking connection to kitd: calls and an event stream over one Unix socket.
/// Events that arrive while a call waits for its reply are kept for `nextEvent`.
public final class KitConnection {
    public let socketPath: String
    public let fileDescriptor: Int32
    private var framer = LineFramer(maximumLineLength: 256 << 20)
    private var nextID: Int64 = 1
    private var queuedEvents: [IncomingEvent] = []
    /// What recv reads into. Left uninitialized: filling it would touch its 16 pages before any
    /// reply needs them, and recv writes what is read.
    private var readBuffer = [UInt8](unsafeUninitializedCapacity: 65_536) { _, count in count = 65_536 }
    /// Foundation's decoder, for the replies the tape leaves to it (and every error); made when
    /// first needed.
    private lazy var decoder = WireCodec.decoder()

    private init(socketPath: String, fd: Int32) {
        self.socketPath = socketPath
        self.fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    public static func connect(to path: String) throws(ClientError) -> KitConnection {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw .notRunning(socket: path, reason: .message("the socket path is too long"))
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .requestFailed(String(cString: strerror(errno))) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            switch code {
            case ENOENT: throw .notRunning(socket: path, reason: .message("no socket"))
            case ECONNREFUSED: throw .notRunning(socket: path, reason: .message("nothing listens"))
            case EACCES: throw .notRunning(socket: path, reason: .message("permission denied"))
            default: throw .notRunning(socket: path, reason: KitMessage(verbatim: String(cString: strerror(code))))
            }
        }
        return KitConnection(socketPath: path, fd: fd)
    }

    /// Calls `method` and reads its result. The params write themselves and the result reads
    /// itself from the reply's tape (`WireValue`): the types of `timer.start` and the other hot
    /// methods with their generated codec, without `Codable`'s containers, whose types the Swift
    /// runtime looks up, the first time in a process, by going through every conformance in the
    /// binary (a quarter of a millisecond of a whole `kitctl timer start`).
    ///
    /// `meanwhile` runs once the request is sent, before the reply is waited for: work the
    /// caller needs only for the answer, done while kitd works on the request (kitctl's `timer
    /// start` binds its message catalogs while kitd commits the timer).
    public func call<Params, Result>(
        _ method: RPCMethod<Params, Result>, _ params: Params, meanwhile: () -> Void = {}
    ) throws(ClientError) -> Result {
        let (line, tape) = try exchange(method, params, meanwhile: meanwhile)
        // The reply's tape, read once for its header, reads its result too.
        if let tape, let node = tape.member("result", of: 0), let result = Result(tape: tape, at: node) {
            return result
        }
        do {
            return try decoder.decode(ResultEnvelope<Result>.self, from: Data(line)).result
        } catch {
            throw .malformedReply("\(method.name): \(error)")
        }
    }

    /// Calls `method` and returns the raw reply line (for scripts that want kitd's JSON as is).
    public func callForLine<Params, Result>(_ method: RPCMethod<Params, Result>, _ params: Params) throws(ClientError)
        -> [UInt8]
    {
        try exchange(method, params).line
    }

    /// Sends one request and reads up to its reply: the reply line and, when it has one, its
    /// tape. Events that come first are kept for `nextEvent`; an error reply is thrown.
    private func exchange<Params, Result>(
        _ method: RPCMethod<Params, Result>, _ params: Params, meanwhile: () -> Void = {}
    ) throws(ClientError) -> (line: [UInt8], tape: JSONTape?) {
        try exchange(meanwhile: meanwhile) {
            try WireCodec.writtenLine(RequestEnvelope(id: $0, method: method.name, params: params), protocolOne: false)
        }
    }

    /// As `exchange(_:_:)`, with the request line that `write` makes for the request's id.
    private func exchange(meanwhile: () -> Void = {}, writing write: (RequestID) throws -> [UInt8]) throws(ClientError)
        -> (line: [UInt8], tape: JSONTape?)
    {
        let id = RequestID.number(nextID)
        nextID += 1
        let request: [UInt8]
        do {
            request = try write(id)
        } catch {
            throw .requestFailed("\(error)")
        }
        if let failure = request.withUnsafeBytes({ send($0) }) { throw failure }
        meanwhile()
        while true {
            let line = try readLine(timeout: nil)
            guard let line else { throw .timedOut }
            let tape = JSONTape(line)
            guard let header = header(of: line, tape: tape) else {
                throw .malformedReply(String(decoding: line.prefix(200), as: UTF8.self))
            }
            if let name = header.method, header.id == nil {
                queuedEvents.append(IncomingEvent(name: name, line: line))
                continue
            }
            if let error = header.error { throw .refused(error) }
            guard header.id == id else { continue }
            return (line, tape)
        }
    }

    /// What `line` is, read from its tape when it has one; nil when it is not a JSON-RPC message.
    private func header(of line: [UInt8], tape: JSONTape?) -> IncomingHeader? {
        if let tape, let header = IncomingHeader(tape: tape) ?? LineDecoder.decode(IncomingHeader.self, from: tape) {
            return header
        }
        return try? decoder.decode(IncomingHeader.self, from: Data(line))
    }

    /// Sends raw bytes (tests use this to send malformed input).
    public func send(_ data: Data) throws(ClientError) {
        if let failure = data.withUnsafeBytes({ send($0) }) { throw failure }
    }

    /// Sends all of `raw`; the failure, if it could not.
    private func send(_ raw: UnsafeRawBufferPointer) -> ClientError? {
        var offset = 0
        while offset < raw.count {
            let count = Glibc.send(fileDescriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            if count < 0 {
                if errno == EINTR { continue }
                return errno == EPIPE || errno == ECONNRESET
                    ? .connectionLost : .requestFailed(String(cString: strerror(errno)))
            }
            offset += count
        }
        return nil
    }

    /// The next event, waiting at most `timeout` (nil: forever). Returns nil on timeout.
    public func nextEvent(timeout: Duration? = nil) throws(ClientError) -> IncomingEvent? {
        if !queuedEvents.isEmpty { return queuedEvents.removeFirst() }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            let remaining = deadline.map { $0 - ContinuousClock.now }
            if let remaining, remaining <= .zero { return nil }
            guard let line = try readLine(timeout: remaining) else { return nil }
            guard let header = header(of: line, tape: JSONTape(line)), let name = header.method
            else {
                continue
            }
            return IncomingEvent(name: name, line: line)
        }
    }

    /// Reads one line, or nil when `timeout` passes first.
    public func readLine(timeout: Duration?) throws(ClientError) -> [UInt8]? {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            if let frame = framer.next() {
                switch frame {
                case .line(let line): return line
                case .tooLong: throw .malformedReply("a reply longer than 256 MiB")
                }
            }
            // Waits in poll for input, even with no deadline, not in a blocking recv: a thread
            // asleep in recv on a Unix socket is also woken each time kitd reads from it (the
            // socket's send space came back), so kitd paid a wake-up of this thread for every
            // request it read, 12.7 % of its CPU under 8 clients (issue 14). Poll's wait sleeps
            // through wake-ups that are not for input.
            var ms: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                if left <= .zero { return nil }
                let millis = left / .milliseconds(1)
                ms = millis >= Double(Int32.max - 1) ? Int32.max : Int32(millis) + 1
            }
            var poller = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, ms)
            if ready == 0 { return nil }
            if ready < 0 && errno != EINTR { throw .connectionLost }
            if ready <= 0 { continue }
            let count = readBuffer.withUnsafeMutableBytes { Glibc.recv(fileDescriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                readBuffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            } else if count == 0 {
                throw .connectionLost
            } else if errno != EINTR {
                throw .connectionLost
            }
        }
    }
}

/// An event as it came off the wire.
public struct IncomingEvent: Sendable {
    public var name: String
    /// The whole JSON-RPC notification line.
    public var line: [UInt8]

    public func decode<Params: Decodable>(_ type: Params.Type) throws -> Params {
        try WireCodec.decode(EventParamsEnvelope<Params>.self, from: line, with: JSONDecoder()).params
    }
}
