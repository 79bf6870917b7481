import KitCore

/// An instant a client sends: an RFC 3339 time inside the years kit handles
/// (`CivilDate.supportedYears`, 1900 to 2200). It is read when the params are, so a time outside
/// those years never reaches a handler: it is refused with `-32003` naming the member and the
/// years, and no arithmetic on it can overflow. It is written back as RFC 3339 in UTC.
public struct WireInstant: Codable, Sendable, Hashable, CustomStringConvertible {
    public let wall: WallTime

    /// The instant `text` gives; the error names `field` and the years kit takes.
    public init(_ text: String, field: String) throws(KitError) {
        wall = try Timestamp.instant(text, field: field)
    }

    /// `wall`, when it is inside the years kit handles.
    public init(_ wall: WallTime, field: String) throws(KitError) {
        try self.init(Timestamp.rfc3339(wall), field: field)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(text, field: decoder.codingPath.last?.stringValue ?? "time")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public var description: String { Timestamp.rfc3339(wall) }
}
