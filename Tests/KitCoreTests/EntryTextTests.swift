import KitCore
import Testing

@Suite("Titles and bodies of memos and diary entries")
struct EntryTextTests {
    @Test("the first line is the title and the rest the body")
    func titleAndBody() {
        let text = EntryText("Rain by the river\nWalked along the Han.\nIt rained.")
        #expect(text.title == "Rain by the river")
        #expect(text.body == "Walked along the Han.\nIt rained.")
    }

    @Test("blank lines before the title and before the body are skipped; blank lines inside the body stay")
    func leadingBlankLines() {
        let text = EntryText("\n  \n\t\n  회의 메모  \n\n \n첫 줄\n\n둘째 줄\n\n")
        #expect(text.title == "회의 메모")
        #expect(text.body == "첫 줄\n\n둘째 줄")
    }

    @Test("CRLF line ends split like LF")
    func crlf() {
        let text = EntryText("title\r\n\r\nbody line\r\n")
        #expect(text.title == "title" && text.body == "body line")
    }

    @Test("a text of one line has an empty body")
    func oneLine() {
        #expect(EntryText("just a title").body.isEmpty)
    }

    @Test("normalizing drops leading blank lines and trailing white space, and refuses empty text")
    func normalized() throws {
        #expect(try EntryText.normalized("\n\n  hello\nworld  \n\n") == "  hello\nworld")
        #expect(throws: KitError.self) { try EntryText.normalized(" \n\t\n ") }
        #expect(throws: KitError.self) { try EntryText.normalized("") }
    }

    @Test("NUL characters and texts over the size limit are refused with the size in the message")
    func refusals() {
        #expect(throws: KitError.self) { try EntryText.normalized("a\u{0}b") }
        let big = String(repeating: "가", count: EntryText.maximumBytes / 3 + 1)
        #expect {
            try EntryText.normalized(big, noun: "memo")
        } throws: { error in
            "\(error)".contains("\(big.utf8.count) bytes")
        }
    }
}
