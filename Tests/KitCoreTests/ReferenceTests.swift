import KitCore
import Testing

@Suite("Referring to things by id or name")
struct ReferenceTests {
    struct Item {
        var id: Int
        var name: String?
    }

    let items = [
        Item(id: 1, name: "tea"), Item(id: 2, name: "Tea"), Item(id: 3, name: "pasta"), Item(id: 4, name: "PASTA"),
    ]

    func resolve(_ name: String, _ among: [Item]? = nil) throws -> Item {
        let candidates = among ?? items
        let lookup = RecordLookup<Item>(
            noun: "timer", byID: { id in candidates.first { Int64($0.id) == id } },
            byName: { RecordLookup.matching($0, among: candidates, name: \.name) }, describe: { "\($0.id)" },
            missingID: { .notFound("no timer with id \($0)") }, missingName: { .notFound("no timer named '\($0)'") })
        return try lookup.resolve(name)
    }

    @Test("numbers and #numbers are ids; anything else is a name")
    func parsing() {
        #expect(Reference("7") == .id(7))
        #expect(Reference("#7") == .id(7))
        #expect(Reference(" 12 ") == .id(12))
        #expect(Reference("pasta") == .name("pasta"))
        #expect(Reference("0") == .id(0))
        #expect(Reference("-3") == .id(-3))
        #expect(Reference("3a") == .name("3a"))
    }

    @Test("an exact name wins over a case-insensitive one")
    func exactWins() throws {
        #expect(try resolve("tea").id == 1)
        #expect(try resolve("Tea").id == 2)
    }

    @Test("a case-insensitive match is used when it is the only one")
    func foldedMatch() throws {
        #expect(try resolve("TEA", [Item(id: 9, name: "tea")]).id == 9)
    }

    @Test("a name shared by several is ambiguous and lists them")
    func ambiguousListsCandidates() {
        #expect {
            try resolve("Pasta")
        } throws: { error in
            guard case KitError.ambiguous(let message, let candidates) = error else { return false }
            return candidates == ["3", "4"] && message.english.contains("use the id")
        }
    }

    @Test("an id finds its record; an empty reference asks for an id or a name")
    func idsAndEmpty() throws {
        #expect(try resolve("#3").name == "pasta")
        #expect(throws: KitError.notFound("no timer with id 8")) { try resolve("8") }
        #expect(throws: KitError.invalidArgument("the timer reference is empty; give an id or a name")) {
            try resolve("  ")
        }
    }

    @Test("a reference longer than a name can be is refused before any lookup")
    func overLong() throws {
        #expect(
            try resolve(
                " " + String(repeating: "x", count: 200) + " ", [Item(id: 5, name: String(repeating: "x", count: 200))]
            ).id == 5)
        #expect(
            throws: KitError.invalidArgument(
                "the timer reference has 201 characters; the limit is 200, so give an id or a shorter name")
        ) { try resolve(String(repeating: "x", count: 201)) }
    }

    @Test("an unknown name is not found")
    func unknown() {
        #expect(throws: KitError.notFound("no timer named 'soup'")) { try resolve("soup") }
    }

    @Test(
        "names are trimmed and checked",
        arguments: ["", "   ", "a\u{7}b", "42", "#42", String(repeating: "x", count: 201)])
    func badNames(name: String) {
        #expect(throws: KitError.self) { try NameRules.validated(name) }
    }

    @Test("good names are kept, trimmed")
    func goodNames() throws {
        #expect(try NameRules.validated("  신라면 ") == "신라면")
        #expect(try NameRules.validated("tea 2") == "tea 2")
    }
}
