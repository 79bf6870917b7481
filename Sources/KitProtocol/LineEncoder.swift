import KitCore

/// A JSON encoder that writes bytes as it goes, for the lines kitd sends: replies and events.
///
/// Foundation's `JSONEncoder` first builds a tree of boxed values and then serialises it; on
/// the firing path that was about half of kitd's work per event. This one streams: each value
/// writes its text straight into one byte buffer. Containers are closed when the value that
/// opened them has finished, or when an element of an enclosing container comes next.
///
/// Output is compact JSON that decodes to the same values as `JSONEncoder` with
/// `.withoutEscapingSlashes` gives: `nil` optionals are left out, a second keyed container asked
/// of one encoder adds to the same object, doubles are written the way
/// Swift prints them (without a trailing `.0`), strings are UTF-8 with only the characters JSON
/// requires escaped; with `protocolOne` (the default), protocol 1's twin follows each duration
/// that had one (`ProtocolOne`). Non-finite numbers are refused. The one thing it does not do is a
/// `superEncoder`; a value that asks for one is encoded by `JSONEncoder` instead. Coding paths
/// are not tracked (an array per key would cost more than the encoding): `codingPath` is empty.
public struct LineEncoder: Sendable {
    /// Whether it writes protocol 1's member beside each duration that had one
    /// (`remainingSeconds` beside `remainingNs`: `ProtocolOne`), as every reply and event does; a
    /// request has no need of them.
    public var protocolOne: Bool

    public init(protocolOne: Bool = true) { self.protocolOne = protocolOne }

    /// The JSON text of `value`, as UTF-8 bytes.
    public func encode(_ value: some Encodable) throws -> [UInt8] { try encode(value, newline: false) }

    /// The JSON text of `value`, then a newline when `newline` (a line of the protocol).
    func encode(_ value: some Encodable, newline: Bool) throws -> [UInt8] {
        guard let writable = value as? any LineWritable else {
            return try encodeThroughContainers(value, newline: newline)
        }
        var line = LineWriter(protocolOne: protocolOne)
        try writable.write(to: &line)
        if newline { line.append(10) }
        return line.bytes
    }

    /// As `encode`, but through `Encodable` even for a value that writes itself (`LineWritable`):
    /// what tests hold such values to.
    public func encodeThroughContainers(_ value: some Encodable) throws -> [UInt8] {
        try encodeThroughContainers(value, newline: false)
    }

    private func encodeThroughContainers(_ value: some Encodable, newline: Bool) throws -> [UInt8] {
        let state = StreamState(protocolOne: protocolOne)
        try state.write(value, codingPath: [])
        guard !state.unsupported else { throw LineEncoderUnsupported() }
        state.closeAll()
        if newline { state.line.append(10) }
        return state.line.bytes
    }
}

/// A value asked for something `LineEncoder` does not do (a `superEncoder`).
struct LineEncoderUnsupported: Error {}

/// The line and the stack of open containers, shared by every encoder and container of one
/// `encode` call.
private final class StreamState {
    var line: LineWriter
    /// For each open container: the byte that closes it and whether it has an element yet.
    var open: [(closer: UInt8, hasElements: Bool)] = []
    var unsupported = false
    let protocolOne: Bool

    init(protocolOne: Bool) {
        self.protocolOne = protocolOne
        line = LineWriter(protocolOne: protocolOne)
    }

    /// What a container's `superEncoder` gives: an encoder that writes nowhere, after marking the
    /// line as one this encoder cannot write (the caller then falls back to `JSONEncoder`).
    func unsupportedEncoder(codingPath: [any CodingKey]) -> any Encoder {
        unsupported = true
        return StreamEncoder(state: StreamState(protocolOne: false), codingPath: codingPath, depth: 0)
    }

    /// Writes one whole value: whatever containers it opens are closed before this returns.
    func write(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        let depth = open.count
        let start = line.count
        try value.encode(to: StreamEncoder(state: self, codingPath: codingPath, depth: depth))
        close(to: depth)
        if line.count == start { line.append("{}") }
    }

    /// Closes every container deeper than `depth`.
    func close(to depth: Int) {
        while open.count > depth { line.append(open.removeLast().closer) }
    }

    func closeAll() { close(to: 0) }

    /// Opens a container at this point of the text.
    func openContainer(_ opener: UInt8, _ closer: UInt8) -> Int {
        line.append(opener)
        open.append((closer, false))
        return open.count
    }

    /// Readies the container at `level` (1-based) for its next element: closes anything deeper
    /// and writes the comma.
    func beginElement(in level: Int) {
        close(to: level)
        if open[level - 1].hasElements { line.append(UInt8(ascii: ",")) } else { open[level - 1].hasElements = true }
    }

    func writeKey(_ key: String) {
        line.string(key)
        line.append(UInt8(ascii: ":"))
    }

    func writeString(_ string: String) { line.string(string) }

    func writeInteger(_ value: some BinaryInteger) { line.integer(value) }

    func writeDouble(_ value: Double, codingPath: [any CodingKey]) throws {
        try line.double(value, codingPath: codingPath)
    }

    /// Writes a value of any encodable type; the common primitives are written directly, and
    /// the rest call back into the containers' concrete overloads, which write them.
    func writeAny<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if let string = value as? String {
            writeString(string)
        } else if let int = value as? Int {
            writeInteger(int)
        } else if let double = value as? Double {
            try writeDouble(double, codingPath: codingPath)
        } else if let int = value as? Int64 {
            writeInteger(int)
        } else if let bool = value as? Bool {
            line.bool(bool)
        } else {
            try write(value, codingPath: codingPath)
        }
    }
}

private struct StreamEncoder: Encoder {
    let state: StreamState
    let codingPath: [any CodingKey]
    /// How many containers were open when this value started.
    let depth: Int
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if state.open.count > depth && state.open[depth].closer == UInt8(ascii: "}") {
            // The value asks again, as a record made of parts does (a place is its draft and an
            // id): its members go on in the same object, as with JSONEncoder.
            state.close(to: depth + 1)
            return KeyedEncodingContainer(StreamKeyed<Key>(state: state, codingPath: codingPath, level: depth + 1))
        }
        state.close(to: depth)
        let level = state.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))
        return KeyedEncodingContainer(StreamKeyed<Key>(state: state, codingPath: codingPath, level: level))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        state.close(to: depth)
        let level = state.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"))
        return StreamUnkeyed(state: state, codingPath: codingPath, level: level)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingle(state: state, codingPath: codingPath, depth: depth)
    }
}

private struct StreamKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: StreamState
    let codingPath: [any CodingKey]
    let level: Int

    private func key(_ key: Key) {
        state.beginElement(in: level)
        state.writeKey(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
        self.key(key)
        state.line.null()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        self.key(key)
        state.line.bool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        self.key(key)
        state.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        self.key(key)
        try state.writeDouble(value, codingPath: codingPath)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        self.key(key)
        try state.writeDouble(Double(value), codingPath: codingPath)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        self.key(key)
        state.writeInteger(value)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        self.key(key)
        state.writeInteger(value)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    private func integer(_ value: some BinaryInteger, _ key: Key) throws {
        self.key(key)
        state.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try state.writeAny(value, codingPath: codingPath)
        if state.protocolOne && (T.self == Nanoseconds.self || T.self == [Nanoseconds].self) {
            try protocolOneMember(value, forKey: key)
        }
    }

    /// Protocol 1's member beside a duration that had one (`ProtocolOne`): a number of seconds
    /// (or milliseconds), or an array of them.
    private func protocolOneMember<T>(_ value: T, forKey key: Key) throws {
        guard let old = ProtocolOne.replyMember(key.stringValue) else { return }
        state.beginElement(in: level)
        state.writeKey(old.name.description)
        if let duration = value as? Nanoseconds {
            try state.writeDouble(ProtocolOne.number(duration, unit: old.unit), codingPath: codingPath)
        } else if let durations = value as? [Nanoseconds] {
            state.line.append(UInt8(ascii: "["))
            for (index, duration) in durations.enumerated() {
                if index > 0 { state.line.append(UInt8(ascii: ",")) }
                try state.writeDouble(ProtocolOne.number(duration, unit: old.unit), codingPath: codingPath)
            }
            state.line.append(UInt8(ascii: "]"))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        self.key(key)
        let nested = state.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))
        return KeyedEncodingContainer(StreamKeyed<NestedKey>(state: state, codingPath: codingPath, level: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        let nested = state.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"))
        return StreamUnkeyed(state: state, codingPath: codingPath, level: nested)
    }

    mutating func superEncoder() -> any Encoder { state.unsupportedEncoder(codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { state.unsupportedEncoder(codingPath: codingPath) }
}

private struct StreamUnkeyed: UnkeyedEncodingContainer, StreamValueWriter {
    let state: StreamState
    let codingPath: [any CodingKey]
    let level: Int
    private(set) var count = 0

    init(state: StreamState, codingPath: [any CodingKey], level: Int) {
        self.state = state
        self.codingPath = codingPath
        self.level = level
    }

    mutating func beginValue() {
        state.beginElement(in: level)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        beginValue()
        let nested = state.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))
        return KeyedEncodingContainer(StreamKeyed<NestedKey>(state: state, codingPath: codingPath, level: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        beginValue()
        let nested = state.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"))
        return StreamUnkeyed(state: state, codingPath: codingPath, level: nested)
    }

    mutating func superEncoder() -> any Encoder { state.unsupportedEncoder(codingPath: codingPath) }
}

private struct StreamSingle: SingleValueEncodingContainer, StreamValueWriter {
    let state: StreamState
    let codingPath: [any CodingKey]
    let depth: Int

    func beginValue() { state.close(to: depth) }
}

/// The values an unkeyed and a single-value container write alike: each begins its value
/// (`beginValue`: a separator, or closing what a single value replaces), then writes it.
private protocol StreamValueWriter {
    var state: StreamState { get }
    var codingPath: [any CodingKey] { get }
    mutating func beginValue()
}

extension StreamValueWriter {
    mutating func encodeNil() throws {
        beginValue()
        state.line.null()
    }

    mutating func encode(_ value: Bool) throws {
        beginValue()
        state.line.bool(value)
    }

    mutating func encode(_ value: String) throws {
        beginValue()
        state.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        beginValue()
        try state.writeDouble(value, codingPath: codingPath)
    }

    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }

    private mutating func integer(_ value: some BinaryInteger) {
        beginValue()
        state.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        beginValue()
        try state.writeAny(value, codingPath: codingPath)
    }
}
