import KitCore
import Testing

@Suite("Search queries and snippets")
struct SearchQueryTests {
    @Test("every word is quoted for FTS5, with its own double quotes doubled")
    func quoting() throws {
        let query = try SearchQuery(#"river "quoted" NEAR( AND*"#)
        #expect(query.terms == ["river", #""quoted""#, "NEAR(", "AND*"])
        #expect(query.matchExpression == #""river" """quoted""" "NEAR(" "AND*""#)
    }

    @Test("words shorter than three characters are scanned with LIKE, with % and _ escaped")
    func shortWords() throws {
        let query = try SearchQuery("일기 회의록 \" a%_")
        #expect(query.indexedTerms == ["회의록", "a%_"])
        #expect(query.scannedTerms == ["일기", "\""])
        #expect(SearchQuery.likePattern("a%_\\") == "%a\\%\\_\\\\%")
    }

    @Test(
        "a query of FTS syntax alone is plain text, never an error", arguments: ["\"", "*", "(", ")", "NEAR", "\"\"\""])
    func syntaxOnly(_ text: String) throws {
        let query = try SearchQuery(text)
        #expect(query.terms == [text])
    }

    @Test("an empty query is refused; repeated words count once, whatever their case")
    func emptyAndRepeated() throws {
        #expect(throws: KitError.self) { try SearchQuery("   ") }
        #expect(try SearchQuery("Rain rain RAIN river").terms == ["Rain", "river"])
    }

    @Test("a query is at most 100 characters, so no search can hold the loop or take the memory of a long phrase")
    func longQuery() throws {
        #expect(try SearchQuery(" " + String(repeating: "가", count: 100) + " ").terms.count == 1)
        #expect {
            try SearchQuery(String(repeating: "가", count: 101))
        } throws: { error in
            (error as? KitError)
                == .invalidArgument(
                    "the search has 101 characters; the limit is 100, so look for a few words")
        }
    }

    @Test("a snippet marks every match near the first one, on one line, any case")
    func snippet() {
        let parts = Snippet.make("First line\n\nThe River was high; the river was loud.", terms: ["river"], radius: 20)
        #expect(Snippet.bracketed(parts) == "First line The [River] was high; the [river]…")
        #expect(parts.filter(\.isMatch).map(\.text) == ["River", "river"])
    }

    @Test("a snippet finds Korean words inside longer words")
    func koreanSnippet() {
        let parts = Snippet.make("오늘은 회의에서 일정을 논의했다", terms: ["회의", "일정"])
        #expect(Snippet.bracketed(parts) == "오늘은 [회의]에서 [일정]을 논의했다")
    }

    @Test("without a match the snippet is the start of the text")
    func noMatch() {
        let parts = Snippet.make(String(repeating: "a", count: 200), terms: ["zzz"], radius: 5)
        #expect(parts == [SnippetPart(String(repeating: "a", count: 10) + "…")])
    }
}
