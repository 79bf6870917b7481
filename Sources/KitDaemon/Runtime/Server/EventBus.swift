import Foundation
import KitProtocol
import Logging

/// Sends events to subscribed clients. Each event is encoded once, whatever the number of
/// subscribers. Callers emit only after the change behind the event is committed.
///
/// Each feature declares the events it sends (`Feature.eventNames`), as it registers its routes;
/// `events.subscribe` takes a pattern only when it matches one of them.
final class EventBus {
    private let server: SocketServer
    private let encoder = WireCodec.encoder()
    private let logger: Logger
    /// Every event declared, in the order declared.
    private(set) var declared: [String] = []
    private var known: Set<String> = []

    /// Declares events that will be sent; a name declared twice counts once.
    func declare(_ names: [String]) {
        for name in names where known.insert(name).inserted { declared.append(name) }
    }

    init(server: SocketServer, logger: Logger) {
        self.server = server
        self.logger = logger
    }

    /// Told of every event sent, subscribed to or not: what shows kit's state elsewhere (the
    /// tray) learns that it may have changed.
    var onEmit: (() -> Void)?

    func emit(_ name: String, _ params: some Encodable) {
        assert(known.contains(name), "\(name) is sent but was never declared")
        onEmit?()
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
