import KitCore

extension Decoder {
    /// A duration params member: the integer nanoseconds under `key`, or protocol 1's number of
    /// seconds under its old name (`ProtocolOne.paramsMember`); nil when neither is there. Both at
    /// once is refused.
    public func durationIfPresent(_ key: some CodingKey) throws -> Nanoseconds? {
        let container = try container(keyedBy: AnyKey.self)
        let name = AnyKey(stringValue: key.stringValue)!
        let modern: Int64?
        do {
            modern = try container.decodeIfPresent(Int64.self, forKey: name)
        } catch let error as DecodingError {
            throw error
        } catch {
            // Foundation's reader fails on a number with a fraction, or beyond Int64, with an
            // error of its own that becomes "not valid JSON", without naming the member.
            throw DecodingError.typeMismatch(
                Int64.self,
                .init(codingPath: container.codingPath + [name], debugDescription: "a whole number of nanoseconds"))
        }
        guard let legacyName = ProtocolOne.paramsMember(key.stringValue), let legacy = AnyKey(stringValue: legacyName)
        else { return modern.map { Nanoseconds($0 as Int64) } }
        let old = try container.decodeIfPresent(Double.self, forKey: legacy)
        switch (modern, old) {
        case (let value?, nil): return Nanoseconds(value as Int64)
        case (nil, let number?): return ProtocolOne.nanoseconds(seconds: number)
        case (nil, nil): return nil
        case (.some, .some):
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath + [name],
                    debugDescription: "give either '\(key.stringValue)' (nanoseconds) or '\(legacyName)', not both"))
        }
    }

    /// As `durationIfPresent`, for a member that must be there.
    public func duration(_ key: some CodingKey) throws -> Nanoseconds {
        guard let value = try durationIfPresent(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "'\(key.stringValue)' is required"))
        }
        return value
    }
}
