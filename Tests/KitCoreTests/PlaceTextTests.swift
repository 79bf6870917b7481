import KitCore
import Testing

@Suite("Matching names and tags regardless of spelling")
struct PlaceTextTests {
    @Test("'Area=수원역 ' and 'area=수원역' are the same tag")
    func caseAndSpaceDoNotMatter() throws {
        let first = try PlaceTag.parse("Area=수원역 ")
        let second = try PlaceTag.parse("area=수원역")
        #expect(first == second)
        #expect(first.key == TagKey(category: "area", value: "수원역"))
        #expect(Set([first, second]).count == 1)
        #expect(try PlaceTag.parse("  kind =  양식 ").key.description == "kind=양식")
    }

    @Test("spellings that differ only in Unicode normalisation match and get byte-identical keys")
    func nfcSpellingsMatch() throws {
        let composed = try PlaceTag.parse("kind=caf\u{E9}")
        let decomposed = try PlaceTag.parse("KIND=CAFE\u{301}")
        #expect(composed == decomposed)
        #expect(Array(composed.key.value.utf8) == Array(decomposed.key.value.utf8))
        #expect(Array(PlaceText.key("E\u{301}").utf8) == [0xC3, 0xA9])
        // 각 as one syllable and as conjoining jamo.
        #expect(Array(PlaceText.key("\u{1100}\u{1161}\u{11A8}").unicodeScalars) == ["\u{AC01}"])
        #expect(PlaceText.key("수원역") == "수원역")
    }

    @Test("the display form is trimmed and in NFC but keeps its case")
    func displayForm() {
        #expect(PlaceText.display("  Cafe\u{301} Seoul ") == "Caf\u{E9} Seoul")
        #expect(Array(PlaceText.display("e\u{301}").utf8) == [0xC3, 0xA9])
    }

    @Test("the first spelling seen is kept for display")
    func firstSpellingKept() throws {
        var tags = TagSet()
        #expect(tags.insert(try PlaceTag.parse("Area=수원역")))
        #expect(!tags.insert(try PlaceTag.parse("area=수원역 ")))
        #expect(tags.listText == "Area=수원역")

        var vocabulary = TagVocabulary(places: [PlaceFixtures.place(1, "a", ["Area=Suwon"])])
        #expect(vocabulary.spell(try PlaceTag.parse("AREA=suwon")).description == "Area=Suwon")
        #expect(vocabulary.spell(try PlaceTag.parse("area=광교")).description == "Area=광교")
        #expect(vocabulary.spell(try PlaceTag.parse("AREA=광교")).description == "Area=광교")
    }

    @Test("several values of one category live side by side")
    func severalValues() throws {
        let tags = try TagSet.parseList("kind=한식;kind=중식; area=수원역 ;")
        #expect(tags.count == 3)
        #expect(tags.values(inCategory: "kind").map(\.value) == ["한식", "중식"])
        #expect(tags == (try TagSet.parseList("area=수원역;KIND=중식;kind=한식")))
    }

    @Test(
        "malformed tags are refused with a message that quotes them",
        arguments: [
            ("area", "has no '='"), ("=수원역", "has no category"), ("area=", "has no value"),
            ("area=  ", "has no value"), ("ar\u{7}ea=x", "control characters"), ("area=a;b", "contains ';'"),
            (String(repeating: "가", count: 101) + "=x", "101 characters; the limit is 100"),
            ("area=" + String(repeating: "x", count: 101), "101 characters"),
        ])
    func malformedTags(input: String, expected: String) {
        let error = #expect(throws: KitError.self) { try PlaceTag.parse(input) }
        #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
    }

    @Test("a value may contain '=' and is split at the first one")
    func valueWithEquals() throws {
        let tag = try PlaceTag.parse("note=a=b")
        #expect(tag.category == "note" && tag.value == "a=b")
        #expect(try PlaceTag.parse(String(repeating: "가", count: 100) + "=x").category.count == 100)
    }

    @Test("untagging takes a category or one tag")
    func untagPatterns() throws {
        var tags = try TagSet.parseList("kind=한식;kind=중식;area=수원역")
        #expect(try TagPattern.parse(" Kind ") == .category("kind"))
        #expect(tags.remove(try TagPattern.parse("KIND=중식")).map(\.value) == ["중식"])
        #expect(tags.remove(try TagPattern.parse("kind")).map(\.value) == ["한식"])
        #expect(tags.listText == "area=수원역")
        #expect(throws: KitError.self) { try TagPattern.parse("  ") }
        #expect(throws: KitError.self) { try TagPattern.parse("a;b") }
    }
}
