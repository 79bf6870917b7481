#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--json` output: pretty-printed with sorted keys, one document per command.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        Terminal.write(try text(value))
    }

    /// The same document as text, ending in a newline.
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
