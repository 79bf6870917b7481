/// A method's params or result: what `RPCMethod` carries, and so what every call and answer
/// writes and reads. It writes itself (`LineWritable`) and reads itself (`TapeReadable`): with
/// the fast codec generated from its declaration when it is marked `// wire-codec:`
/// (scripts/wire-codec.py), else with these defaults, through its `Codable` conformance by
/// `LineEncoder` and `LineDecoder`. So one `call` and one `Answer.now` serve every method, and
/// neither asks at run time whether a type has a fast codec (a cast that, the first time in a
/// process, walks every conformance in the binary).
public protocol WireValue: Codable, Sendable, LineWritable, TapeReadable {}

extension WireValue {
    /// Through `Encodable`, as `LineEncoder` writes any value.
    public func write(to line: inout LineWriter) throws {
        line.json(try LineEncoder(protocolOne: line.protocolOne).encodeThroughContainers(self))
    }

    /// Through `Decodable`, as `LineDecoder` reads any value; nil where it gives up.
    public init?(tape: JSONTape, at node: Int) {
        guard let value = LineDecoder.decode(Self.self, from: tape, at: node) else { return nil }
        self = value
    }
}
