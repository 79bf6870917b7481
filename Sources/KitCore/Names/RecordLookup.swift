/// How one kind of record is found from what a person typed: an id (`7`, `#7`) or a name. The
/// skeleton is the same for every kind; each kind says where to look and what to say.
public struct RecordLookup<Record> {
    /// `timer`, `task`: in messages, and pluralised with `s`.
    public var noun: String
    /// `name` or `title`: what the reference is when it is not an id.
    public var nameWord: String
    /// The longest name a reference may be, in characters; a longer one is refused before any
    /// lookup, so that no reference costs more than a name can.
    public var maximumLength: Int
    public var byID: (Int64) throws -> Record?
    /// The records a name means, in the order to list them; more than one is ambiguous.
    public var byName: (String) throws -> [Record]
    /// One candidate in the ambiguity message: `7 (tea, running)`.
    public var describe: (Record) -> String
    /// What to say when no record has the id, with hints.
    public var missingID: (Int64) throws -> KitError
    /// What to say when no record has the name, with suggestions.
    public var missingName: (String) throws -> KitError

    public init(
        noun: String, nameWord: String = "name", maximumLength: Int = NameRules.maximumLength,
        byID: @escaping (Int64) throws -> Record?,
        byName: @escaping (String) throws -> [Record], describe: @escaping (Record) -> String,
        missingID: @escaping (Int64) throws -> KitError, missingName: @escaping (String) throws -> KitError
    ) {
        self.noun = noun
        self.nameWord = nameWord
        self.maximumLength = maximumLength
        self.byID = byID
        self.byName = byName
        self.describe = describe
        self.missingID = missingID
        self.missingName = missingName
    }

    /// The one record `text` means, or a `KitError` that says why there is none.
    public func resolve(_ text: String) throws -> Record {
        switch Reference(text) {
        case .id(let id):
            if let record = try byID(id) { return record }
            throw try missingID(id)
        case .name(let name):
            guard !name.isEmpty else {
                throw KitError.invalidArgument("the \(noun) reference is empty; give an id or a \(nameWord)")
            }
            guard name.count <= maximumLength else {
                throw KitError.invalidArgument(
                    "the \(noun) reference has \(name.count) characters; the limit is \(maximumLength), so give an id or a shorter \(nameWord)"
                )
            }
            let found = try byName(name)
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                let listed = found.map(describe)
                throw KitError.ambiguous(
                    "'\(name)' matches \(found.count) \(noun)s: \(listed.joined(separator: ", ")); use the id instead",
                    candidates: listed)
            }
            throw try missingName(name)
        }
    }

    /// Among `candidates`, those named exactly `name`, or else those whose name matches it
    /// without regard to case and normal form (`NameRules.matchKey`).
    public static func matching(_ name: String, among candidates: [Record], name nameOf: (Record) -> String?)
        -> [Record]
    {
        let exact = candidates.filter { nameOf($0) == name }
        if !exact.isEmpty { return exact }
        let key = NameRules.matchKey(name)
        return candidates.filter { nameOf($0).map(NameRules.matchKey) == key }
    }
}
