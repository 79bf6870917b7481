/// One method of the protocol, declared once: its wire name, whether it changes anything, the
/// types of its params and its result, and the events it sends. kitd's router registers a handler
/// for it (`RequestRouter.register`), `KitConnection.call` calls it with the params and result
/// types checked by the compiler, and the table `Method.all` lists it for the tests that hold
/// docs/protocol.md and the fuzz suite to it.
public struct RPCMethod<Params: WireValue, Result: WireValue>: Sendable, CustomStringConvertible {
    /// The wire name, `timer.start`.
    public let name: String
    /// Whether it changes something: its reply comes after the change is on disk.
    public let mutates: Bool
    /// The events it sends (and, for `ramen.cook`, the ones what it started sends later).
    public let events: [String]

    public init(_ name: String, mutates: Bool = false, events: [String] = []) {
        self.name = name
        self.mutates = mutates
        self.events = events
    }

    public var description: String { name }

    /// The method without its types, for the table.
    public var erased: AnyRPCMethod {
        AnyRPCMethod(name: name, mutates: mutates, events: events, params: Params.self, result: Result.self)
    }
}

/// A method of the table with its types as values: what the docs test and the fuzz suite read.
public struct AnyRPCMethod: Sendable, CustomStringConvertible {
    public let name: String
    public let mutates: Bool
    public let events: [String]
    public let params: any (Codable & Sendable).Type
    public let result: any (Codable & Sendable).Type

    /// The members its params take, as `ParamsSchema` reads them from their decoding.
    public var schema: ParamsSchema { ParamsSchema.of(params) }

    /// The bounds its params declare (`BoundedParams`): each member, its bound in words, and
    /// values just outside it.
    public var bounds: [(member: String, text: String, outside: [String])] {
        (params as? any BoundedParams.Type)?.boundDescriptions ?? []
    }

    public var description: String { name }
}
