/// What a user-given name may be, shared by every noun that has names.
public enum NameRules {
    public static let maximumLength = 200

    /// Trims the name and checks it, returning the form to store.
    public static func validated(_ raw: String, noun: String = "name") throws(KitError) -> String {
        let name = raw.trimmingWhitespace()
        guard !name.isEmpty else { throw .invalidArgument("the \(noun) is empty; give at least one visible character") }
        guard name.count <= maximumLength else {
            throw .invalidArgument("the \(noun) has \(name.count) characters; the limit is \(maximumLength)")
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidArgument("the \(noun) contains control characters; use printable text")
        }
        if Int64(name) != nil || (name.hasPrefix("#") && Int64(name.dropFirst()) != nil) {
            throw .invalidArgument("the \(noun) '\(name)' looks like an id; add a letter so it can be told apart")
        }
        return name
    }

    /// The form names are compared in: case-insensitive for Latin script.
    public static func matchKey(_ name: String) -> String { name.lowercased() }
}
