import KitCore

// The stored properties of the types extended here are declared in Wire/MemoMethods.wire.

/// A memo as the protocol shows it: the record itself (see `Memo` for its fields).
public typealias MemoInfo = Memo

extension Memo: WireValue {}

extension MemoEditParams {
    public init(ref: String, text: String) {
        self.ref = RecordRef(ref)
        self.text = text
    }
}

extension SearchParams {
    public static var bounds: [ParamBound<Self>] {
        [.count("limit", \.limit, SearchQuery.resultLimits, unit: "results")]
    }
}

/// The `memo.*` events.
extension Event {
    /// Added, edited, pinned, unpinned or deleted.
    public static let memoChanged = "memo.changed"
}

extension MemoEvent {
    /// What happened to the memo; `synced`: a change came in through the memos' vdir.
    public enum Change: String, WireEnum {
        case added, edited, pinned, unpinned, deleted, synced
    }
}
