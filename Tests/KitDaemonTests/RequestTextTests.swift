import Foundation
import Testing

@testable import KitDaemon

@Suite("Request text in NFC")
struct RequestTextTests {
    static func normalized(_ text: String) -> String {
        String(decoding: RequestText.normalized(Array(text.utf8)), as: UTF8.self)
    }

    @Test("NFD Hangul and Latin in a request line become NFC; ASCII lines are left as they are")
    func rawText() {
        let nfd = "\u{1109}\u{1175}\u{11AB}\u{1105}\u{1161}\u{1106}\u{1167}\u{11AB}"  // 신라면, decomposed
        #expect(nfd.unicodeScalars.count == 8)
        let line = "{\"params\":{\"ref\":\"\(nfd)\",\"note\":\"cafe\u{0301}\"}}"
        #expect(Self.normalized(line) == "{\"params\":{\"ref\":\"신라면\",\"note\":\"café\"}}")
        #expect(Self.normalized(line).unicodeScalars.count == line.unicodeScalars.count - 6)
        let ascii = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"timer.list\"}"
        #expect(Self.normalized(ascii) == ascii)
    }

    @Test("\\u escapes of non-ASCII characters are written out and normalised; others stay escaped")
    func escapes() {
        #expect(Self.normalized(#"{"ref":"\u1109\u1175\u11ab"}"#) == "{\"ref\":\"신\"}")
        #expect(Self.normalized(#"{"a":"\ud83d\ude80 \u0022 \\u1109 \n"}"#) == #"{"a":"🚀 \u0022 \\u1109 \n"}"#)
        #expect(Self.normalized(#"{"a":"\ud83d x"}"#) == #"{"a":"\ud83d x"}"#, "a lone surrogate stays")
        #expect(Self.normalized(#"{"a":"\u12"}"#) == #"{"a":"\u12"}"#, "a short escape is left for the parser")
    }
}
