import KitProtocol

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--json` output: pretty-printed with sorted keys, one document per command. It is what kitd
/// sends, protocol 1's twins included (`ProtocolOne`): the value is written as kitd writes it
/// (`LineEncoder`), then read back as plain JSON and pretty-printed.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        Terminal.write(try text(value))
    }

    /// The same document as text, ending in a newline.
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let line = try LineEncoder().encode(value)
        // Read back by kit's own reader (`JSONTape`): `task list --all --json` of 3,000 tasks took
        // 0.11 s so, 0.21 s through `JSONDecoder`. `JSONDecoder` reads what the tape leaves.
        let json =
            try JSONTape(line).flatMap { JSONValue(tape: $0, at: 0) }
            ?? JSONDecoder().decode(JSONValue.self, from: Data(line))
        return String(decoding: try encoder.encode(json), as: UTF8.self) + "\n"
    }
}
