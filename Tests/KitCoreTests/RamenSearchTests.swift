import Foundation
import KitCore
import Testing

@Suite("Finding ramen the way people type")
struct RamenSearchTests {
    static let products = [
        RamenProduct(
            id: "nongshim-shin-ramyun", name: "신라면", englishName: "Shin Ramyun", romanization: "Sin Ramyeon",
            brand: "Nongshim", brandLocal: "농심", kind: .pot, cookTime: 270 * Nanoseconds.second,
            waterMl: 550),
        RamenProduct(
            id: "nongshim-shin-ramyun-black", name: "신라면 블랙", englishName: "Shin Ramyun Black", brand: "Nongshim",
            brandLocal: "농심",
            kind: .pot, cookTime: 270 * Nanoseconds.second, waterMl: 550),
        RamenProduct(
            id: "ottogi-jin-ramen-spicy", name: "진라면 매운맛", englishName: "Jin Ramen Hot", brand: "Ottogi", kind: .pot,
            cookTime: 240 * Nanoseconds.second, waterMl: 550),
        RamenProduct(
            id: "ottogi-jin-ramen-mild", name: "진라면 순한맛", englishName: "Jin Ramen Mild", brand: "Ottogi", kind: .pot,
            cookTime: 240 * Nanoseconds.second, waterMl: 550),
        RamenProduct(
            id: "samyang-buldak", name: "불닭볶음면", englishName: "Buldak", romanization: "Buldak Bokkeum-myeon",
            brand: "Samyang", kind: .stirFried, cookTime: 300 * Nanoseconds.second, waterMl: 600),
        RamenProduct(
            id: "samyang-carbo-buldak", name: "까르보 불닭볶음면", englishName: "Carbo Buldak", brand: "Samyang",
            kind: .stirFried, cookTime: 300 * Nanoseconds.second, waterMl: 600),
        RamenProduct(
            id: "nissin-cup-noodle", name: "カップヌードル", englishName: "Cup Noodle", romanization: "Kappu Nūdoru",
            brand: "Nissin", kind: .cup, cookTime: 180 * Nanoseconds.second, waterMl: 300),
    ]

    func first(_ query: String) -> String? { RamenSearch.search(query, in: Self.products).first?.product.id }
    func all(_ query: String) -> [String] { RamenSearch.search(query, in: Self.products).map(\.product.id) }

    @Test("a Latin query matches at the start of a word: shin finds Shin Ramyun, not Nisshin; a Korean one anywhere")
    func latinAtWordStarts() {
        let products =
            Self.products + [
                RamenProduct(
                    id: "nissin-chicken", name: "チキンラーメン", englishName: "Chicken Ramen", romanization: "Chikin Rāmen",
                    brand: "Nisshin", kind: .pot, cookTime: 180 * Nanoseconds.second, waterMl: 450)
            ]
        let shin = RamenSearch.search("shin", in: products).map(\.product.id)
        #expect(shin.contains("nongshim-shin-ramyun") && !shin.contains("nissin-chicken"), "\(shin)")
        #expect(RamenSearch.search("ramyun", in: products).map(\.product.id).contains("nongshim-shin-ramyun"))
        #expect(RamenSearch.search("noodle", in: products).map(\.product.id) == ["nissin-cup-noodle"])
        #expect(RamenSearch.search("볶음", in: products).count == 2)
    }

    @Test("a Hangul prefix finds the product", arguments: ["신라", "신", "신라면"])
    func hangulPrefix(query: String) {
        #expect(first(query) == "nongshim-shin-ramyun")
    }

    @Test("initial consonants (초성) find the product, also mixed with whole syllables")
    func choseong() {
        #expect(first("ㅅㄹㅁ") == "nongshim-shin-ramyun")
        #expect(first("신ㄹ") == "nongshim-shin-ramyun")
        #expect(all("ㅂㄷ").contains("samyang-buldak"))
        #expect(first("ㅈㄹㅁ ㅅㅎㅁ") == "ottogi-jin-ramen-mild")
    }

    @Test("English name, romanization and brand match, ignoring case and spaces")
    func latinFields() {
        #expect(first("SHIN ramyun") == "nongshim-shin-ramyun")
        #expect(first("sinramyeon") == "nongshim-shin-ramyun")
        #expect(first("kappu") == "nissin-cup-noodle")
        #expect(Set(all("ottogi")) == ["ottogi-jin-ramen-spicy", "ottogi-jin-ramen-mild"])
        #expect(Set(all("농심")) == ["nongshim-shin-ramyun", "nongshim-shin-ramyun-black"])
    }

    @Test("a whole-name match ranks before a prefix, a prefix before a match inside")
    func ranking() {
        #expect(all("신라면").first == "nongshim-shin-ramyun")
        #expect(all("불닭") == ["samyang-buldak", "samyang-carbo-buldak"])
    }

    @Test("a name resolves to the one product it clearly means")
    func resolvesClearNames() throws {
        #expect(try RamenSearch.resolve("신라면", in: Self.products).id == "nongshim-shin-ramyun")
        #expect(try RamenSearch.resolve("buldak", in: Self.products).id == "samyang-buldak")
        #expect(try RamenSearch.resolve("samyang-carbo-buldak", in: Self.products).id == "samyang-carbo-buldak")
    }

    @Test("an ambiguous name lists the candidates")
    func ambiguous() {
        #expect {
            try RamenSearch.resolve("진라면", in: Self.products)
        } throws: { error in
            guard case KitError.ambiguous(_, let candidates) = error else { return false }
            return candidates.count == 2 && candidates.allSatisfy { $0.contains("진라면") }
        }
    }

    @Test("an unknown name suggests the closest ones")
    func suggestions() {
        #expect {
            try RamenSearch.resolve("신란면", in: Self.products)
        } throws: { error in
            guard case KitError.notFound(let message, let suggestions) = error else { return false }
            return suggestions.first == "신라면 (Shin Ramyun)"
                && message.english.contains("did you mean 신라면 (Shin Ramyun)")
        }
        #expect(RamenSearch.suggest("cup nodle", in: Self.products).first == "カップヌードル (Cup Noodle)")
    }

    @Test("display names do not repeat themselves")
    func displayNames() {
        #expect(Self.products[0].displayName == "신라면 (Shin Ramyun)")
        let latin = RamenProduct(
            id: "x", name: "Indomie Mi Goreng", englishName: "Indomie Mi Goreng (Fried Noodles)", kind: .stirFried,
            cookTime: 180 * Nanoseconds.second, waterMl: 400)
        #expect(latin.displayName == "Indomie Mi Goreng (Fried Noodles)")
        let nested = RamenProduct(
            id: "y", name: "도시락", englishName: "Dosirak (Doshirak)", kind: .cup,
            cookTime: 180 * Nanoseconds.second, waterMl: 0)
        #expect(nested.displayName == "도시락 (Dosirak)")
    }

    @Test(
        "a name longer than any name can be is refused before any search, and gets no \"did you mean\": its cost stays bounded"
    )
    func overLongName() {
        let long = String(repeating: "신", count: NameRules.maximumLength + 1)
        #expect {
            _ = try RamenSearch.resolve(long, in: Self.products)
        } throws: { error in
            guard case KitError.invalidArgument(let message) = error else { return false }
            return message.english.contains(
                "\(NameRules.maximumLength + 1) characters; the limit is \(NameRules.maximumLength)")
        }
        #expect(RamenSearch.suggest(long, in: Self.products).isEmpty)
        #expect(Suggestions.closest(to: long, among: ["신라면", String(repeating: "신", count: 200)]).isEmpty)
        // At the limit, suggestions still work.
        let atLimit = String(repeating: "신", count: NameRules.maximumLength)
        #expect(Suggestions.closest(to: atLimit, among: [atLimit + "면"]) == [atLimit + "면"])
    }

    @Test("a long candidate, such as a memo's whole first line, is compared by its start only")
    func longCandidates() {
        let long = "shopping " + String(repeating: "가", count: 200_000)
        let close = Suggestions.closest(
            to: "shoping", among: [long, String(repeating: "나", count: 200_000), "shopping list"] + [long + "x"])
        #expect(close == ["shopping list", long, long + "x"])
        #expect(Suggestions.closest(to: "가나", among: [String(repeating: "x", count: 1000) + "가나"]).isEmpty)
    }
}

@Suite("Ramen steps, favourites and catalog updates")
struct RamenRulesTests {
    @Test(
        "steps read and print in the --step form",
        arguments: ["start: add the flakes", "2:00 in: stir", "1:00 left: add an egg", "end: drain"])
    func stepsRoundTrip(text: String) throws {
        #expect(try RamenStep.parse(text).description == text)
    }

    @Test("a step's moment in a cook; a 'left' step outside a short cook has none")
    func stepOffsets() throws {
        #expect(
            try RamenStep.parse("30s left: stir").offset(inCookOf: 270 * Nanoseconds.second) == 240
                * Nanoseconds.second)
        #expect(try RamenStep.parse("5m left: stir").offset(inCookOf: 270 * Nanoseconds.second) == nil)
        #expect(
            try RamenStep.parse("end: drain").offset(inCookOf: 270 * Nanoseconds.second) == 270
                * Nanoseconds.second)
    }

    @Test(
        "Korean steps read as their English forms",
        arguments: [
            ("1분 남음: 계란", "1:00 left: 계란"), ("1분 남음 : 계란", "1:00 left: 계란"), ("1:30 남음: 계란", "1:30 left: 계란"),
            ("30초 남음: 파", "0:30 left: 파"), ("2분 후: 젓기", "2:00 in: 젓기"), ("이 분 후: 젓기", "2:00 in: 젓기"),
            ("시작: 스프 넣기", "start: 스프 넣기"), ("끝: 불 끄기", "end: 불 끄기"), ("1분 남음：계란 후 파", "1:00 left: 계란 후 파"),
        ])
    func koreanSteps(korean: String, english: String) throws {
        #expect(try RamenStep.parse(korean) == RamenStep.parse(english))
    }

    @Test("an 'in' step is due that long after the start, if the cook is longer")
    func afterSteps() throws {
        let step = try RamenStep.parse("2분 후: 젓기")
        #expect(step.offset(inCookOf: 270 * Nanoseconds.second) == 120 * Nanoseconds.second)
        #expect(step.offset(inCookOf: 90 * Nanoseconds.second) == nil)
        let json = try JSONEncoder().encode(step)
        #expect(String(decoding: json, as: UTF8.self).contains(#""at":"after""#))
        #expect(try JSONDecoder().decode(RamenStep.self, from: json) == step)
    }

    @Test(
        "badly written steps are refused",
        arguments: ["add an egg", "later: x", "1:00 left:", "soon left: x", "사과 남음: x", "1분 남음:", "나중: x"])
    func badSteps(text: String) {
        #expect(throws: KitError.self) { try RamenStep.parse(text) }
    }

    @Test("favourites keep the user's order through moves")
    func favourites() throws {
        var order = ["a", "b", "c"]
        order = try FavouriteOrder.moving("c", to: 1, in: order)
        #expect(order == ["c", "a", "b"])
        order = try FavouriteOrder.moving("c", before: "b", in: order)
        #expect(order == ["a", "c", "b"])
        order = try FavouriteOrder.moving("a", to: 99, in: order)
        #expect(order == ["c", "b", "a"])
        #expect(FavouriteOrder.adding("d", to: order) == ["c", "b", "a", "d"])
        #expect(FavouriteOrder.removing("b", from: order) == ["c", "a"])
        #expect(throws: KitError.self) { try FavouriteOrder.moving("zz", to: 1, in: order) }
    }

    @Test("a newer catalog adds products and corrects facts, and keeps dropped ones")
    func mergePlan() {
        let old = [
            RamenProduct(
                id: "a", name: "A", kind: .pot, cookTime: 240 * Nanoseconds.second, waterMl: 500),
            RamenProduct(
                id: "b", name: "B", kind: .pot, cookTime: 180 * Nanoseconds.second, waterMl: 500),
            RamenProduct(
                id: "gone", name: "G", kind: .pot, cookTime: 180 * Nanoseconds.second, waterMl: 500),
        ]
        let new = RamenCatalog(
            version: 2,
            products: [
                RamenProduct(
                    id: "a", name: "A", kind: .pot, cookTime: 270 * Nanoseconds.second, waterMl: 500),
                old[1],
                RamenProduct(
                    id: "c", name: "C", kind: .cup, cookTime: 180 * Nanoseconds.second, waterMl: 300),
            ])
        let plan = RamenCatalogMerge.plan(stored: old, incoming: new)
        #expect(plan.added.map(\.id) == ["c"])
        #expect(
            plan.corrected.map(\.id) == ["a"] && plan.corrected[0].cookTime == 270 * Nanoseconds.second)
        #expect(plan.dropped == ["gone"])
        #expect(plan.unchanged == 1)
    }
}

@Suite("The shipped ramen catalog")
struct RamenCatalogDataTests {
    static func shipped() throws -> RamenCatalog {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Sources/KitRamenCatalog/ramen-catalog.json"))
        return try JSONDecoder().decode(RamenCatalog.self, from: data)
    }

    @Test("every entry has a positive time, plausible water and a unique slug id")
    func entriesArePlausible() throws {
        let catalog = try Self.shipped()
        #expect(RamenCatalogMerge.validate(catalog) == [])
        #expect(catalog.products.count >= 40)
        #expect(catalog.version >= 1)
    }

    @Test("it covers the products the issue names")
    func coverage() throws {
        let names = Set(try Self.shipped().products.map(\.name))
        for name in [
            "신라면", "진라면 매운맛", "진라면 순한맛", "너구리", "안성탕면", "삼양라면", "짜파게티", "불닭볶음면", "팔도비빔면", "열라면", "참깨라면", "육개장 사발면",
            "왕뚜껑", "오징어짬뽕", "틈새라면", "カップヌードル", "チキンラーメン",
        ] {
            #expect(names.contains(name), "\(name) is missing")
        }
    }

    @Test("the distance bounded by a limit is the whole distance up to it, and limit + 1 past it")
    func boundedDistance() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab가나ㄱ".unicodeScalars)
        for _ in 0..<2000 {
            let a = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
            }
            let b = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
            }
            let whole = HangulSearch.distance(a, b)
            for limit in 0...6 {
                let bounded = HangulSearch.distance(a, b, atMost: limit)
                #expect(
                    bounded == (whole <= limit ? whole : limit + 1),
                    "\(a) \(b) limit \(limit): \(bounded), whole \(whole)")
            }
        }
    }
}
