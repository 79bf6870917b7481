import Foundation

/// What docs/protocol.md says about each method: its params (the **Params:** table, or the
/// inline `` `name` (type, required) `` form), the events its **Events:** paragraph names, and its
/// example requests (the `→ {…}` lines). `MethodTableTests` holds it to the method table, and the
/// fuzz suite warms kitd up with the examples.
public struct DocumentedMethods {
    public struct Param: Equatable, Sendable {
        public var name: String
        /// The type as written: `string`, `integer or string`, `array of strings`, …
        public var type: String
        /// The Required cell (`yes`, `no`, `one of the two`), or what the inline form says.
        public var required: String
        public var meaning: String
    }

    public struct Entry {
        public var method: String
        public var params: [Param] = []
        /// Whether it has a **Params:** paragraph.
        public var paramsDocumented = false
        /// The event names its **Events:** paragraph names; nil without one.
        public var events: [String]?
        /// The params of each example request, in the order of the document.
        public var examples: [[String: Any]] = []

        public func param(_ name: String) -> Param? { params.first { $0.name == name } }
    }

    /// Every `### ` heading that is a method or an event name, by name.
    public private(set) var entries: [String: Entry] = [:]
    /// Every example request, in the order of the document: method and params.
    public private(set) var examples: [(method: String, params: [String: Any])] = []

    public static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/protocol.md").path

    public func entry(_ method: String) -> Entry { entries[method] ?? Entry(method: method) }

    public static func load() throws -> DocumentedMethods {
        var documented = DocumentedMethods()
        try documented.read(String(contentsOfFile: path, encoding: .utf8))
        return documented
    }

    private enum Paragraph { case none, params, events }

    private mutating func read(_ text: String) {
        var current: [String] = []
        var paragraph = Paragraph.none
        var inline = ""
        var sawTable = false
        func finish() {
            if paragraph == .params, !inline.isEmpty {
                for param in Self.inlineParams(inline) { add(param, to: current) }
            }
            inline = ""
            sawTable = false
            paragraph = .none
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("### ") || line.hasPrefix("## ") {
                finish()
                current = Self.methodNames(in: line.hasPrefix("### ") ? String(line.dropFirst(4)) : "")
                for name in current where entries[name] == nil { entries[name] = Entry(method: name) }
            } else if line.hasPrefix("**Params:**") {
                finish()
                paragraph = .params
                inline = String(line.dropFirst("**Params:**".count))
                for name in current { entries[name]?.paramsDocumented = true }
            } else if line.hasPrefix("**Events:**") {
                finish()
                paragraph = .events
                let named = Self.eventNames(line)
                for name in current {
                    let before = entries[name]?.events ?? []
                    entries[name]?.events = before + named
                }
            } else if line.hasPrefix("**") || line.hasPrefix("```") {
                finish()
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if paragraph == .events { paragraph = .none }
                // The params are the **Params:** line's paragraph, or the table after it.
                if paragraph == .params, sawTable || !inline.trimmingCharacters(in: .whitespaces).isEmpty { finish() }
            } else if paragraph == .events {
                let named = Self.eventNames(line)
                for name in current {
                    let before = entries[name]?.events
                    entries[name]?.events = before.map { $0 + named }
                }
            } else if paragraph == .params, line.hasPrefix("|") {
                sawTable = true
                guard line.hasPrefix("| `") else { continue }
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard cells.count > 4 else { continue }
                for name in Self.backticked(cells[1]) where Self.isIdentifier(name) {
                    add(Param(name: name, type: cells[2], required: cells[3], meaning: cells[4]), to: current)
                }
            } else if paragraph == .params {
                inline += " " + line
            }
            if line.hasPrefix("→ {") { addExample(String(line.dropFirst(2))) }
        }
        finish()
    }

    private mutating func add(_ param: Param, to methods: [String]) {
        for method in methods where entries[method]?.param(param.name) == nil { entries[method]?.params.append(param) }
    }

    private mutating func addExample(_ json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let method = object["method"] as? String
        else { return }
        let params = object["params"] as? [String: Any] ?? [:]
        examples.append((method, params))
        // An example of an unknown method (`timer.stop`) is no method of its own.
        entries[method]?.examples.append(params)
    }

    /// `` `ref` (integer or string, required), as for …; `text` (string, required) ``.
    private static func inlineParams(_ text: String) -> [Param] {
        var params: [Param] = []
        let pattern = /`([a-z][A-Za-z0-9]*)` \(([^)]*)\)/
        for match in text.matches(of: pattern) {
            let inside = String(match.output.2)
            let parts = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let required = parts.first { $0 == "required" || $0 == "optional" } ?? ""
            let type = parts.first { $0 != "required" && $0 != "optional" } ?? ""
            params.append(Param(name: String(match.output.1), type: type, required: required, meaning: inside))
        }
        return params
    }

    /// The backticked names in `line` that look like event names (`timer.started`).
    private static func eventNames(_ line: String) -> [String] {
        backticked(line).filter { name in
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter && $0.isASCII } }
        }
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
