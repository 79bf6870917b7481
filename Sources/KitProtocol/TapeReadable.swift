/// A value that reads itself from a `JSONTape` member by member, without `Decodable`'s
/// containers: for the params kitd reads most. It gives the value `LineDecoder` (and so
/// `JSONDecoder`) gives for the same JSON, or nil, and then they read it, and make the error.
public protocol TapeReadable: Decodable {
    init?(tape: JSONTape, at node: Int)
}
