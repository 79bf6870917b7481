import Foundation
import KitProtocol
import Testing

@Suite("The docs show the protocol as it is")
struct DocsVersionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every '(protocol N)' in the README and every protocolVersion in docs/protocol.md is the current version")
    func protocolVersion() throws {
        let current = KitVersion.protocolVersion
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = readme.matches(of: /\(protocol (\d+)\)/).compactMap { Int($0.output.1) }
        #expect(!shown.isEmpty)
        #expect(shown.allSatisfy { $0 == current }, "\(shown)")
        let protocolDoc = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        let versions = protocolDoc.matches(of: /"protocolVersion": ?(\d+)/).compactMap { Int($0.output.1) }
        #expect(!versions.isEmpty)
        #expect(versions.allSatisfy { $0 == current }, "\(versions)")
    }
}
