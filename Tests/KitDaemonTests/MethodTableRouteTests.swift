import Foundation
import KitClient
import KitProtocol
import KitTestSupport
import Testing

@testable import KitDaemon

/// kitd answers exactly the methods of the table, and sends the events its features declare:
/// a declared method without a handler, a handler for a method the table lacks, or an event a
/// method or docs/protocol.md names that no feature declares fails here.
@Suite("Method table routes")
struct MethodTableRouteTests {
    @Test("every declared method has a handler, and every handler a declaration")
    func everyMethodRouted() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        #expect(kit.daemon.router.methods == Method.all.map(\.name).sorted())
    }

    @Test(
        "the events kitd declares are the ones docs/protocol.md documents, each once, and every method's are among them"
    )
    func eventsDeclared() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let declared = kit.daemon.runtime.events.declared
        #expect(Set(declared).count == declared.count)
        for name in [
            Event.syncFinished, Event.syncConflict, Event.timerFired, Event.taskMissed, Event.notificationShown,
        ] {
            #expect(declared.contains(name), "\(name)")
        }
        for method in Method.all {
            for event in method.events {
                #expect(declared.contains(event), "\(method) sends \(event), which no feature declares")
            }
        }
        let documented = try DocumentedMethods.load()
        // `stopwatch.lap` is both a method and an event; its event's heading says `(event)`.
        for event in declared where event != Event.stopwatchLap {
            #expect(documented.entries[event] != nil, "docs/protocol.md has no ### heading naming \(event)")
        }
        let methods = Set(Method.all.map(\.name))
        for name in documented.entries.keys.sorted() where !methods.contains(name) {
            #expect(
                declared.contains(name), "docs/protocol.md documents \(name), which is neither a method nor an event")
        }
    }

    /// The error `method` with `params` gets through the socket (nil when it is taken).
    static func error(of method: String, _ params: [String: Any], on client: KitConnection, from kit: DrivenDaemon)
        throws -> RPCError?
    {
        let line = try JSONSerialization.data(
            withJSONObject: ["jsonrpc": "2.0", "id": 1, "method": method, "params": params])
        try client.send(line + Data([10]))
        let reply = try #require(try OffLoopTests.replies(1, on: client, from: kit).first)
        return try JSONDecoder().decode(IncomingHeader.self, from: Data(reply)).error
    }

    @Test("a member just outside its declared bound is refused with -32003 naming it and the bound, before any handler")
    func boundsRefused() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let documented = try DocumentedMethods.load()
        let client = try KitConnection.connect(to: kit.socketPath)
        var tried = 0
        for method in Method.all {
            for bound in method.bounds {
                for value in bound.outside {
                    var params = documented.entry(method.name).examples.first ?? [:]
                    params[bound.member] = try JSONSerialization.jsonObject(
                        with: Data(value.utf8), options: .fragmentsAllowed)
                    let error = try Self.error(of: method.name, params, on: client, from: kit)
                    #expect(
                        error?.code == ErrorCode.invalidArgument,
                        "\(method) \(bound.member)=\(value): \(error?.message ?? "taken")")
                    #expect(
                        error?.message.hasPrefix("'\(bound.member)' ") == true
                            && error?.message.contains(bound.text) == true,
                        "\(method): \(error?.message ?? "")")
                    tried += 1
                }
            }
        }
        #expect(tried >= 24)
    }

    @Test("an instant member outside the years kit handles is refused with -32003 naming it and the years")
    func instantsRefused() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let documented = try DocumentedMethods.load()
        let client = try KitConnection.connect(to: kit.socketPath)
        var tried = 0
        for method in Method.all {
            for member in method.schema.members where member.kind == .instant {
                for value in ["9999-12-31T00:00:00Z", "1677-09-21T00:12:43Z", "1899-12-31T23:59:59Z"] {
                    var params = documented.entry(method.name).examples.first ?? [:]
                    params[member.name] = value
                    let error = try Self.error(of: method.name, params, on: client, from: kit)
                    #expect(error?.code == ErrorCode.invalidArgument, "\(method) \(member.name)=\(value)")
                    #expect(
                        error?.message.contains("'\(member.name)' must be a time from 1900 through 2200") == true,
                        "\(method): \(error?.message ?? "taken")")
                    tried += 1
                }
            }
        }
        #expect(tried >= 6)
    }
}
