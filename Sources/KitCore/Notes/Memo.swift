/// A memo: free text whose first line is its title, optionally pinned to the top of the list.
public struct Memo: Sendable, Equatable, Identifiable {
    public let id: Int64
    /// The first line of the text.
    public var title: String
    /// The whole text; nil when only the title was read (lists).
    public var text: String?
    public var pinned: Bool
    public var createdAt: WallTime
    public var updatedAt: WallTime

    public init(id: Int64, text: String, pinned: Bool = false, createdAt: WallTime, updatedAt: WallTime) {
        self.init(
            id: id, title: EntryText(text).title, text: text, pinned: pinned, createdAt: createdAt,
            updatedAt: updatedAt)
    }

    public init(id: Int64, title: String, text: String?, pinned: Bool, createdAt: WallTime, updatedAt: WallTime) {
        self.id = id
        self.title = title
        self.text = text
        self.pinned = pinned
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
