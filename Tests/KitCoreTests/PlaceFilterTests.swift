import KitCore
import Testing

@Suite("Filtering places by tags")
struct PlaceFilterTests {
    typealias F = PlaceFixtures

    let places = [
        F.place(1, "국밥집", ["area=수원역", "kind=한식"]),
        F.place(2, "짜장", ["area=수원역", "kind=중식"]),
        F.place(3, "파스타", ["area=수원역", "kind=양식", "kind=Café"]),
        F.place(4, "스시", ["area=광교", "kind=일식"]),
        F.place(5, "untagged"),
    ]

    func names(_ filter: PlaceFilter) -> [String] { filter.apply(to: places).map(\.name) }

    @Test("values of one category are OR-ed and categories are AND-ed")
    func semantics() {
        #expect(names(F.filter("kind=한식", "kind=중식")) == ["국밥집", "짜장"])
        #expect(names(F.filter("area=수원역", "kind=한식", "KIND=일식")) == ["국밥집"])
        #expect(names(F.filter("area=광교", "kind=한식")).isEmpty)
        #expect(names(F.filter("Kind=CAFÉ")) == ["파스타"])
        #expect(names(PlaceFilter()).count == 5)
    }

    @Test("the canonical text ignores order, case and repeats, and is empty for no filter")
    func canonicalText() throws {
        let one = F.filter("kind=한식", "Area=수원역 ", "kind=중식")
        let two = try PlaceFilter(parsing: ["area=수원역", "KIND=중식", "kind=한식", "kind=한식"])
        #expect(one.canonicalText == "area=수원역;kind=중식;kind=한식")
        #expect(one == two && one.hashValue == two.hashValue)
        #expect(PlaceFilter().canonicalText.isEmpty)
        #expect(one.description == "kind=한식 kind=중식 Area=수원역")
        #expect(throws: KitError.self) { try PlaceFilter(parsing: ["area=수원역", "kind"]) }
    }

    @Test("an empty result names the tag that removed the last candidates")
    func explainsEmptyResult() {
        let filter = F.filter("area=수원역", "kind=일식")
        #expect(filter.apply(to: places).isEmpty)
        let explanation = EmptyResultExplanation.explain(filter, places: places)
        #expect(explanation?.summary == "no place has kind=일식 among the 3 places with area=수원역")
        #expect(explanation?.description.hasSuffix("; drop kind=일식 or pick another kind") == true)
    }

    @Test("the explanation follows the order the categories were given in")
    func explanationOrder() {
        let filter = F.filter("kind=일식", "kind=분식", "area=수원역", "mood=quiet")
        #expect(
            EmptyResultExplanation.explain(filter, places: places)?.summary
                == "no place has area=수원역 among the 1 place with kind=일식 or kind=분식")
        let first = F.filter("price=cheap", "area=수원역")
        #expect(
            EmptyResultExplanation.explain(first, places: places)?.summary
                == "no place has price=cheap among the 5 places")
        #expect(EmptyResultExplanation.explain(F.filter("area=광교"), places: places) == nil)
        #expect(
            EmptyResultExplanation.explain(PlaceFilter(), places: [])?.description
                == "there are no places yet; add one first")
    }
}
