/// The order names are listed in: a sort key per name, compared byte by byte. kitd orders them
/// as the user's language does (ICU's collation of its locale: 가나다 under ko, Hangul before
/// other scripts); without a language, in code point order.
public protocol NameOrder: Sendable {
    /// A key whose byte order is the names' order.
    func key(_ name: String) -> [UInt8]
}

/// Unicode code point order: the UTF-8 bytes of the name (their order is the code points').
public struct CodePointOrder: NameOrder {
    public init() {}
    public func key(_ name: String) -> [UInt8] { Array(name.utf8) }
}

extension NameOrder {
    /// `items` ordered by `name`, each key made once; `tie` breaks ties between equal keys.
    public func sorted<Item>(
        _ items: some Sequence<Item>, by name: (Item) -> String, tie: (Item, Item) -> Bool = { _, _ in false }
    ) -> [Item] {
        items.map { (key(name($0)), $0) }
            .sorted { $0.0 != $1.0 ? $0.0.lexicographicallyPrecedes($1.0) : tie($0.1, $1.1) }
            .map(\.1)
    }
}
