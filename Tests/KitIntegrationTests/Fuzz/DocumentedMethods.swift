import Foundation

/// What docs/protocol.md says about each method: its params (from the **Params:** tables and
/// the example requests) and its example requests (the `→ {…}` lines). The fuzz suite builds its
/// inputs from this, so a method documented later is fuzzed without a change to the suite.
struct DocumentedMethods {
    struct Param: Hashable {
        /// What a param holds, as far as its length goes.
        enum Kind: Hashable {
            /// Documented as a string (or a timestamp, which is one), or given as one in an example.
            case text
            /// Documented as an array of strings, or given as one in an example.
            case textArray
            case other
        }

        var name: String
        var kind: Kind
    }

    struct Entry {
        var method: String
        var params: [Param] = []
        /// The params of each example request, in the order of the document.
        var examples: [[String: Any]] = []

        mutating func add(_ param: Param) {
            if let index = params.firstIndex(where: { $0.name == param.name }) {
                if params[index].kind == .other { params[index].kind = param.kind }
            } else {
                params.append(param)
            }
        }
    }

    /// Every documented method or event name, by name (events have no params and no examples).
    private(set) var entries: [String: Entry] = [:]
    /// Every example request, in the order of the document: method and params.
    private(set) var examples: [(method: String, params: [String: Any])] = []

    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocol.md").path

    /// The first words of the documented names: `timer`, `ramen`, …
    var prefixes: [String] { Set(entries.keys.compactMap { $0.split(separator: ".").first.map(String.init) }).sorted() }

    func entry(_ method: String) -> Entry { entries[method] ?? Entry(method: method) }

    static func load() throws -> DocumentedMethods {
        var documented = DocumentedMethods()
        try documented.read(String(contentsOfFile: path, encoding: .utf8))
        return documented
    }

    private mutating func read(_ text: String) {
        var current: [String] = []
        var inParams = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("### ") || line.hasPrefix("## ") {
                current = Self.methodNames(in: line.hasPrefix("### ") ? String(line.dropFirst(4)) : "")
                for name in current where entries[name] == nil { entries[name] = Entry(method: name) }
                inParams = false
            } else if line.hasPrefix("**Params:**") {
                inParams = true
                // `**Params:** `text` (string, required): …`
                for name in Self.backticked(line) where Self.isIdentifier(name) {
                    let kind: Param.Kind = line.contains("`\(name)` (string") ? .text : .other
                    for method in current { entries[method]?.add(Param(name: name, kind: kind)) }
                }
            } else if line.hasPrefix("**") {
                inParams = false
            } else if inParams, line.hasPrefix("| `") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard cells.count > 2 else { continue }
                let kind: Param.Kind =
                    cells[2].contains("array of strings")
                    ? .textArray : cells[2].contains("string") || cells[2].contains("timestamp") ? .text : .other
                for name in Self.backticked(cells[1]) where Self.isIdentifier(name) {
                    for method in current { entries[method]?.add(Param(name: name, kind: kind)) }
                }
            } else if line.hasPrefix("→ {") {
                addExample(String(line.dropFirst(2)))
            }
        }
    }

    private mutating func addExample(_ json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let method = object["method"] as? String
        else { return }
        let params = object["params"] as? [String: Any] ?? [:]
        var entry = entry(method)
        entry.examples.append(params)
        for (name, value) in params {
            entry.add(Param(name: name, kind: value is String ? .text : value is [String] ? .textArray : .other))
        }
        entries[method] = entry
        examples.append((method, params))
    }

    /// `timer.start` in `### timer.start`, both names in `### memo.pin, memo.unpin`; none in
    /// `### Resolving a `ref``.
    private static func methodNames(in heading: String) -> [String] {
        heading.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { name in
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count >= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter && $0.isASCII } }
        }
    }

    private static func backticked(_ text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter, first.isLowercase else { return false }
        return text.allSatisfy { ($0.isLetter || $0.isNumber) && $0.isASCII }
    }
}
