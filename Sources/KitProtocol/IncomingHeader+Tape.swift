extension IncomingHeader {
    /// The header of a reply or an event read straight from its tape: what `JSONDecoder` reads
    /// from the same line, without `Decodable`'s containers (whose types the runtime looks up the
    /// first time, a cost every kitctl command paid once). Nil, for `JSONDecoder` to read it, when
    /// the line is not an object, its id is not null, a string or a whole number that
    /// `JSONTape.int64` reads, its method is neither absent, null nor a string, or it carries an
    /// error (a refusal is read by `JSONDecoder`).
    public init?(tape: JSONTape) {
        guard tape.nodes[0].kind == .object else { return nil }
        if let node = tape.member("error", of: 0), tape.nodes[node].kind != .null { return nil }
        var id: RequestID?
        if let node = tape.member("id", of: 0) {
            guard let read = RequestID(tape: tape, at: node) else { return nil }
            // `decodeIfPresent`, which the synthesized conformance uses, reads null as absent.
            id = read == .null ? nil : read
        }
        do throws(TapeMembers.Mismatch) {
            self.init(id: id, method: try TapeMembers(tape: tape, object: 0).optionalString("method"), error: nil)
        } catch {
            return nil
        }
    }
}
