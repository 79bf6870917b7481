/// A memo: free text whose first line is its title, optionally pinned to the top of the list.
///
/// It is also the memo on the wire (`MemoInfo`): `id`, `uid`, `title`, `text` (left out when nil),
/// `pinned`, and `createdAt` and `updatedAt` as RFC 3339 timestamps (UTC, microseconds).
public struct Memo: Note, Identifiable, Codable {
    public static let noun = "memo"

    public let id: Int64
    /// Its iCalendar UID, stable across devices; empty until the store gives it one.
    public var uid: String
    /// The first line of the text.
    public var title: String
    /// The whole text; nil when only the title was read (lists).
    public var text: String?
    public var pinned: Bool
    public var createdAt: WallTime
    public var updatedAt: WallTime

    public init(
        id: Int64, uid: String = "", text: String, pinned: Bool = false, createdAt: WallTime, updatedAt: WallTime
    ) {
        self.init(
            id: id, uid: uid, title: EntryText(text).title, text: text, pinned: pinned, createdAt: createdAt,
            updatedAt: updatedAt)
    }

    public init(
        id: Int64, uid: String = "", title: String, text: String?, pinned: Bool, createdAt: WallTime,
        updatedAt: WallTime
    ) {
        self.id = id
        self.uid = uid
        self.title = title
        self.text = text
        self.pinned = pinned
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The same memo without its text, as lists and events show it.
    public var withoutText: Memo {
        Memo(id: id, uid: uid, title: title, text: nil, pinned: pinned, createdAt: createdAt, updatedAt: updatedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case id, uid, title, text, pinned, createdAt, updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(uid, forKey: .uid)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encode(pinned, forKey: .pinned)
        try container.encode(Timestamp.rfc3339(createdAt), forKey: .createdAt)
        try container.encode(Timestamp.rfc3339(updatedAt), forKey: .updatedAt)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func instant(_ key: CodingKeys) throws -> WallTime {
            let text = try container.decode(String.self, forKey: key)
            guard let instant = Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "'\(text)' is not an RFC 3339 timestamp")
            }
            return instant
        }
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            uid: try container.decodeIfPresent(String.self, forKey: .uid) ?? "",
            title: try container.decode(String.self, forKey: .title),
            text: try container.decodeIfPresent(String.self, forKey: .text),
            pinned: try container.decode(Bool.self, forKey: .pinned), createdAt: try instant(.createdAt),
            updatedAt: try instant(.updatedAt))
    }
}
