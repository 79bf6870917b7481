import Foundation
import KitProtocol
import Logging

/// Sends events to subscribed clients. Each event is encoded once, whatever the number of
/// subscribers. Callers emit only after the change behind the event is committed.
final class EventBus {
    private let server: SocketServer
    private let encoder = WireCodec.encoder()
    private let logger: Logger

    init(server: SocketServer, logger: Logger) {
        self.server = server
        self.logger = logger
    }

    func emit(_ name: String, _ params: some Encodable) {
        let subscribers = server.subscribers(of: name)
        logger.trace("event", metadata: ["event.name": "\(name)", "event.subscribers": "\(subscribers.count)"])
        guard !subscribers.isEmpty else { return }
        guard let line = try? WireCodec.line(EventEnvelope(method: name, params: params), with: encoder) else {
            logger.error("cannot encode an event", metadata: ["event.name": "\(name)"])
            return
        }
        for connection in subscribers { server.enqueue(line, on: connection) }
    }
}
