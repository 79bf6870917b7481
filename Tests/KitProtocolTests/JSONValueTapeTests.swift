import Foundation
import KitProtocol
import Testing

@Suite("Any JSON value read from the tape")
struct JSONValueTapeTests {
    @Test("a JSON value read from kit's tape is the one JSONDecoder reads, or is left to it")
    func tapeReadsAsDecoderDoes() throws {
        let lines = [
            #"{"a":1,"b":[true,false,null],"c":{"d":"é \"q\" \u0007"},"e":-2.25,"f":9223372036854775807}"#,
            #"[[],{},"",0,-1,1.5,3600,"가나다"]"#, #"{"durationNs":1,"durationSeconds":1e-09}"#, #""text""#, "null",
            #"{"nested":[{"x":[{"y":[1,2,{"z":"w"}]}]}]}"#,
        ]
        for line in lines {
            let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
            let tape = try #require(JSONTape(Array(line.utf8)))
            let read = JSONValue(tape: tape, at: 0)
            #expect(read == nil || read == decoded, "\(line)")
        }
        // What the tape reads exactly, it reads.
        let plain = try #require(JSONTape(Array(lines[0].utf8)))
        #expect(JSONValue(tape: plain, at: 0) != nil)
    }
}
