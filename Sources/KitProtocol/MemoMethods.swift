import KitCore

/// A memo as the protocol shows it: the record itself (see `Memo` for its fields).
public typealias MemoInfo = Memo

extension Memo: WireValue {}

public struct MemoAddParams: WireValue {
    public var text: String
    public init(text: String) { self.text = text }
}

public struct MemoRefParams: WireValue {
    /// An id, or a title.
    public var ref: RecordRef
    public init(ref: String) { self.ref = RecordRef(ref) }
}

public struct MemoEditParams: WireValue {
    public var ref: RecordRef
    /// The new whole text.
    public var text: String
    public init(ref: String, text: String) {
        self.ref = RecordRef(ref)
        self.text = text
    }
}

public struct MemoListResult: WireValue {
    public var memos: [MemoInfo]
    public init(memos: [MemoInfo]) { self.memos = memos }
}

/// `memo.search` and `diary.search`.
public struct SearchParams: WireValue, BoundedParams {
    public static var bounds: [ParamBound<Self>] {
        [.count("limit", \.limit, SearchQuery.resultLimits, unit: "results")]
    }

    /// Words that must all occur, anywhere in the text (any case). Nothing in it is syntax.
    public var query: String
    /// The most results to return (1 to 1000, default 50); `total` counts them all.
    public var limit: Int?
    public init(query: String, limit: Int? = nil) {
        self.query = query
        self.limit = limit
    }
}

public struct MemoSearchHit: Codable, Sendable {
    public var memo: MemoInfo
    /// The text around the first match, on one line, matches marked.
    public var snippet: [SnippetPart]
    public init(memo: MemoInfo, snippet: [SnippetPart]) {
        self.memo = memo
        self.snippet = snippet
    }
}

public struct MemoSearchResult: WireValue {
    /// The words searched for, as kitd read them.
    public var terms: [String]
    /// How many memos match, of which `results` holds the first `limit`.
    public var total: Int
    public var results: [MemoSearchHit]
    public init(terms: [String], total: Int, results: [MemoSearchHit]) {
        self.terms = terms
        self.total = total
        self.results = results
    }
}

public struct MemoDeleteResult: WireValue {
    public var deleted: Int64
    public init(deleted: Int64) { self.deleted = deleted }
}

/// The `memo.*` events.
extension Event {
    /// Added, edited, pinned, unpinned or deleted.
    public static let memoChanged = "memo.changed"
}

/// `memo.changed`: the memo without its text, and what happened to it.
public struct MemoEvent: Codable, Sendable {
    /// What happened to the memo; `synced`: a change came in through the memos' vdir.
    public enum Change: String, WireEnum {
        case added, edited, pinned, unpinned, deleted, synced
    }

    public var memo: MemoInfo
    public var change: Change
    public init(memo: MemoInfo, change: Change) {
        self.memo = memo
        self.change = change
    }
}
