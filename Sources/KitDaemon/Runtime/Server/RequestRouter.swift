import Foundation
import KitCore
import KitProtocol
import Logging

/// Turns one request line into one reply: reads the envelope, finds the method, decodes its
/// params, runs the handler and encodes the result or the error. Never throws and never crashes
/// on client input; every failure becomes a JSON-RPC error with a message a person can act on.
///
/// Each method of the table (`Method`) is registered once, with the `Answer` its feature gives.
/// One registered `.offLoop` (or `.later`) answers later: its work runs on the background worker
/// (or waits on the loop), and its reply comes through `onLateReply` on a later loop turn.
final class RequestRouter {
    struct Context {
        let connection: Connection
    }

    /// What became of one line.
    enum Outcome {
        /// The reply, to send after the turn's commit.
        case reply(StagedReply)
        /// Nothing to send: a notification.
        case noReply
        /// The request runs off the loop; its reply (nil for a notification) comes through
        /// `onLateReply`. Read nothing more from the connection until then.
        case pending
    }

    /// What a handler made of one request: its reply line, or a way to hand it over later.
    enum Handled {
        case now([UInt8])
        case later((@escaping (Swift.Result<[UInt8], any Error>) -> Void) -> Void)
    }

    private struct Entry {
        let mutating: Bool
        let run: (RequestBody, RequestID, Context) throws -> Handled
    }

    private var entries: [String: Entry] = [:]
    /// For the answers (`Answer`), on the loop.
    let encoder = WireCodec.encoder()
    private let decoder = WireCodec.decoder()
    private let logger: Logger
    let worker: BackgroundWorker

    /// Called on the loop with the reply to a request that ran off the loop, on its connection.
    var onLateReply: ((Connection, StagedReply?) -> Void)?

    init(logger: Logger, worker: BackgroundWorker) {
        self.logger = logger
        self.worker = worker
    }

    var methods: [String] { entries.keys.sorted() }

    /// Answers the lines `server` reads: a reply staged at once, none for a notification, or a
    /// connection held until a request run off the loop answers.
    func serve(_ server: SocketServer) {
        server.onLine = { [unowned self, unowned server] connection, line in
            switch handle(line, context: Context(connection: connection)) {
            case .reply(let reply): server.stage(reply, on: connection)
            case .noReply: break
            case .pending: server.awaitLateReply(on: connection)
            }
        }
        onLateReply = { [unowned server] connection, reply in server.deliverLateReply(reply, on: connection) }
    }

    /// Registers the handler of `method`, which answers as `answer` says: at once, off the loop
    /// or later. A mutating method's reply is durable: it is replaced by an error if the turn's
    /// commit fails. Its params are decoded, and its handler called, on the loop.
    func register<Params, Result>(_ method: RPCMethod<Params, Result>, _ answer: Answer<Params, Result>) {
        let decoder = decoder
        let read = Self.tapeReader(Params.self)
        let name = method.name
        let bounded = Params.self as? any BoundedParams.Type
        entries[name] = Entry(mutating: method.mutates) { [unowned self] line, id, context in
            let params = try Self.decodeParams(from: line, read: read, method: name, decoder: decoder)
            // The edge: a member out of its declared bounds never reaches the handler.
            if let problem = bounded?.firstProblem(in: params) {
                throw KitError.invalidArgument(KitMessage(verbatim: problem))
            }
            return try answer.run(params, id, context, self)
        }
    }

    /// The reply line to request `id` of a result that came later, or the failure it is.
    static func replyLine(
        _ result: Swift.Result<some Encodable, any Error>, id: RequestID, encoder: JSONEncoder
    ) -> Swift.Result<[UInt8], any Error> {
        result.flatMap { result in
            Swift.Result { try WireCodec.lineBytes(ResponseEnvelope(id: id, result: result), with: encoder) }
        }
    }

    /// Handles one line.
    func handle(_ line: [UInt8], context: Context) -> Outcome {
        guard let reply = route(line, context: context) else { return .noReply }
        return reply
    }

    /// Handles one line; nil when there is nothing to send.
    private func route(_ line: [UInt8], context: Context) -> Outcome? {
        let isASCII = RequestText.isASCII(line)
        guard isASCII || String(validating: line, as: UTF8.self) != nil else {
            return errorReply(
                .null, ErrorCode.parseError, "the line is not valid UTF-8; send UTF-8 JSON, one object per line")
        }
        let text = RequestText.normalized(line, isASCII: isASCII)
        // Most lines are read from a tape, once; `JSONDecoder` reads the rest, and makes every error.
        let tape = JSONTape(text)
        let header: RequestHeader
        if let tape, let fast = RequestHeader(tape: tape) {
            header = fast
        } else {
            do {
                header = try decoder.decode(RequestHeader.self, from: Data(text))
            } catch {
                let (code, message) = Self.classifyUndecodable(Data(text))
                return errorReply(.null, code, message)
            }
        }
        let id = header.id
        guard header.jsonrpc == "2.0" else {
            return errorReply(id ?? .null, ErrorCode.invalidRequest, "\"jsonrpc\" must be \"2.0\"")
        }
        guard let method = header.method, !method.isEmpty else {
            return errorReply(id ?? .null, ErrorCode.invalidRequest, "the request has no \"method\" string")
        }
        guard let entry = entries[method] else {
            let close = methods.filter { $0.hasPrefix(method.split(separator: ".").first.map(String.init) ?? "") }
            let hint =
                close.isEmpty
                ? "see protocol.md (/usr/share/doc/kit/protocol.md.gz) for the methods"
                : "known: \(close.joined(separator: ", "))"
            return id.flatMap { errorReply($0, ErrorCode.methodNotFound, "unknown method '\(method)'; \(hint)") }
        }
        if header.paramsKind == .other {
            return id.flatMap {
                errorReply($0, ErrorCode.invalidParams, "params for \(method) must be an object with named members")
            }
        }
        let params = header.paramsKind == .object ? tape?.member("params", of: 0) : nil
        do {
            switch try entry.run(RequestBody(text: text, tape: tape, params: params), id ?? .null, context) {
            case .now(let reply):
                guard let id else { return nil }
                return .reply(StagedReply(id: id, bytes: reply, durable: entry.mutating))
            case .later(let start):
                start { [weak self] result in
                    guard let self else { return }
                    let reply: StagedReply?
                    switch result {
                    case .success(let bytes):
                        reply = id.map { StagedReply(id: $0, bytes: bytes, durable: entry.mutating) }
                    case .failure(let error):
                        reply = failed(error, method: method, id: id)
                    }
                    onLateReply?(context.connection, reply)
                }
                return .pending
            }
        } catch {
            return failed(error, method: method, id: id).map { .reply($0) }
        }
    }

    /// The error reply to a request that threw, or nil for a notification; logs what is kitd's fault.
    private func failed(_ error: any Error, method: String, id: RequestID?) -> StagedReply? {
        let rpcError = Self.rpcError(for: error, method: method)
        if rpcError.code == ErrorCode.internalError || rpcError.code == ErrorCode.storageFailure {
            logger.error("request failed", metadata: ["rpc.method": "\(method)", "error": "\(error)"])
        }
        guard let id else { return nil }
        return staged(id, rpcError)
    }

    /// Why a line that is not a request is not one: not JSON, a batch, or an object with a bad id.
    private static func classifyUndecodable(_ data: Data) -> (code: Int, message: String) {
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return (ErrorCode.parseError, "the line is not valid JSON; send one JSON object per line")
        }
        if value is [Any] {
            return (ErrorCode.invalidRequest, "batches (arrays) are not supported; send one request object per line")
        }
        if value is [String: Any] {
            return (
                ErrorCode.invalidRequest,
                "the request's \"id\" must be an integer that fits in 64 bits, a string, or null"
            )
        }
        return (
            ErrorCode.invalidRequest,
            "a request must be a JSON object with \"jsonrpc\": \"2.0\" and a \"method\""
        )
    }

    static func rpcError(for error: any Error, method: String) -> RPCError {
        switch error {
        case let error as RPCError:
            return error
        case let error as KitError:
            return RPCError(error)
        case let error as ParamsError:
            return RPCError(
                code: ErrorCode.invalidParams, message: error.message, data: RPCErrorData(field: error.field))
        case let error as DurationParseError:
            return RPCError(code: ErrorCode.invalidArgument, message: error.description)
        case let error as StorageError:
            return RPCError(code: ErrorCode.storageFailure, message: error.description)
        default:
            return RPCError(code: ErrorCode.internalError, message: "\(method) failed inside kitd: \(error)")
        }
    }

    /// How a method's params are read from a tape: by the type itself (`WireValue`: its generated
    /// reader, else `LineDecoder`), then by `LineDecoder` where a generated reader leaves it;
    /// nil when they give up.
    private static func tapeReader<Params: WireValue>(_ type: Params.Type) -> (JSONTape, Int) -> Params? {
        { tape, node in Params(tape: tape, at: node) ?? LineDecoder.decode(Params.self, from: tape, at: node) }
    }

    private static func decodeParams<Params: Decodable>(
        from body: RequestBody, read: (JSONTape, Int) -> Params?, method: String, decoder: JSONDecoder
    ) throws -> Params {
        if let tape = body.tape {
            let fast = if let node = body.params { read(tape, node) } else { read(JSONTape.emptyObject, 0) }
            if let fast { return fast }
        }
        do {
            let line = Data(body.text)
            if let params = try decoder.decode(ParamsEnvelope<Params>.self, from: line).params { return params }
            return try decoder.decode(Params.self, from: Data("{}".utf8))
        } catch let error as KitError {
            // A value of the right type that is not one kit takes (an unknown filter): -32003.
            throw error
        } catch {
            var described = WireCodec.describe(error, method: method)
            // Foundation reports a number it cannot read as an integer without naming the member.
            if described.field == nil, let tape = body.tape, let params = body.params,
                let wrong = LineDecoder.wrongInteger(Params.self, in: tape, at: params)
            {
                described = WireCodec.describe(wrong, method: method)
            }
            throw ParamsError(message: described.message, field: described.field)
        }
    }

    private func errorReply(_ id: RequestID, _ code: Int, _ message: String) -> Outcome? {
        staged(id, RPCError(code: code, message: message)).map { .reply($0) }
    }

    private func staged(_ id: RequestID, _ error: RPCError) -> StagedReply? {
        guard let data = try? WireCodec.lineBytes(ErrorEnvelope(id: id, error: error), with: encoder) else {
            return nil
        }
        return StagedReply(id: id, bytes: data, durable: false)
    }
}

/// One request line as the router reads it: its text in NFC, its tape when it has one, and the
/// tape's node of its params when they are an object.
private struct RequestBody {
    var text: [UInt8]
    var tape: JSONTape?
    var params: Int?
}

/// Params that do not decode into the method's type.
struct ParamsError: Error {
    var message: String
    var field: String?
}

/// A change that could not be written to the database.
struct StorageError: Error, CustomStringConvertible {
    var underlying: any Error
    var description: String { "could not save the change to the database (\(underlying)); nothing was changed" }
}

extension RPCError {
    /// The refusal in English, with its template and values in `data` for a client that speaks
    /// another language (kitctl looks the template up in its catalog).
    init(_ error: KitError) {
        let message = error.kitMessage
        let said = MessageText(message)
        var data = RPCErrorData(format: said.format, arguments: said.arguments, parts: said.parts)
        let code: Int
        switch error {
        case .notFound(_, let suggestions):
            code = ErrorCode.notFound
            if !suggestions.isEmpty { data.suggestions = suggestions }
        case .invalidState(_, let state):
            code = ErrorCode.invalidState
            data.state = state
        case .invalidArgument:
            code = ErrorCode.invalidArgument
        case .ambiguous(_, let candidates):
            code = ErrorCode.ambiguous
            data.candidates = candidates
        }
        self.init(code: code, message: message.english, data: data == RPCErrorData() ? nil : data)
    }
}
