import Foundation
import KitCore
import KitProtocol
import Testing

@Suite("Messages sent with their templates")
struct MessageTextTests {
    @Test("a message inside a message keeps its own template, so a client can translate both")
    func nested() {
        let reason: KitMessage = .message("it comes before \("DTSTART")")
        let line: KitMessage = .message("line \(12): \("DTEND") skipped (\(reason))")
        #expect(line.english == "line 12: DTEND skipped (it comes before DTSTART)")
        #expect(line.format == "line %1$s: %2$s skipped (%3$s)")
        #expect(line.arguments == ["12", "DTEND", "it comes before DTSTART"])
        let said = MessageText(line)
        #expect(said.parts?.count == 3 && said.parts?[0] == nil)
        #expect(said.parts?[2]?.format == "it comes before %s" && said.parts?[2]?.arguments == ["DTSTART"])
        // A message of plain values has no parts on the wire.
        #expect(MessageText(reason).parts == nil)
        // A text with no template has only its text.
        let verbatim = MessageText(KitMessage(verbatim: "libical: bad"))
        #expect(verbatim.format == nil && verbatim.arguments == nil && verbatim.text == "libical: bad")
    }

    @Test("an import's notices and a refusal's parts encode on the fast path as JSONEncoder's do")
    func wireForm() throws {
        let reason: KitMessage = .message("kit imports only VTODO and VEVENT")
        let result = TaskImportResult(
            imported: [], skipped: [.message("line \(3): \("VJOURNAL") skipped (\(reason))"), "plain"])
        #expect(result.skipped == ["line 3: VJOURNAL skipped (kit imports only VTODO and VEVENT)", "plain"])
        #expect(result.notices?.count == 2)
        #expect(try LineEncoderTests.same(result))
        let decoded = try JSONDecoder().decode(
            TaskImportResult.self, from: Data(try LineEncoder().encode(result)))
        #expect(decoded.notices == result.notices)
        let error = RPCError(
            code: -32001, message: "x",
            data: RPCErrorData(format: "a %s", arguments: ["b"], parts: [MessageText(reason)]))
        #expect(try LineEncoderTests.same(ErrorEnvelope(id: .null, error: error)))
    }
}
