import KitCore
import KitProtocol
import Testing

@testable import KitDaemon

@Suite("Names in the order of the user's language")
struct CollationTests {
    static let noodles = ["辛ラーメン", "신라면", "Mama", "짜파게티", "มาม่า", "出前一丁", "너구리", "Indomie", "가나"]

    @Test(
        "the locale comes from LC_ALL, else LC_COLLATE, else LANG, without its codeset; C and POSIX have none",
        arguments: [
            ([nil, nil, "ko_KR.UTF-8"], "ko_KR"), (["ko_KR.UTF-8", nil, "en_US.UTF-8"], "ko_KR"),
            ([nil, "de_DE@euro", "ko_KR.UTF-8"], "de_DE"), (["", nil, "ko_KR"], "ko_KR"), ([nil, nil, "C"], nil),
            (["POSIX", nil, nil], nil), ([nil, nil, "C.UTF-8"], nil), ([nil, nil, nil], nil),
        ] as [([String?], String?)])
    func localeFromEnvironment(environment: [String?], locale: String?) {
        #expect(Collation.icuLocale(environment: environment) == locale)
    }

    @Test("under ko, Hangul names come first, in 가나다 order, and a Han name sorts by its Korean reading")
    func korean() {
        let sorted = Collation(locale: "ko_KR").sorted(Self.noodles, by: { $0 })
        #expect(Array(sorted.prefix(4)) == ["가나", "너구리", "신라면", "辛ラーメン"])
        #expect(sorted.firstIndex(of: "짜파게티")! < sorted.firstIndex(of: "Mama")!)
        #expect(sorted.firstIndex(of: "出前一丁")! < sorted.firstIndex(of: "Indomie")!)
    }

    @Test("without a locale, names are in code point order")
    func codePoints() {
        #expect(Collation(locale: nil).sorted(Self.noodles, by: { $0 }) == Self.noodles.sorted())
        #expect(Collation(locale: nil).locale == nil)
    }

    @Test("kitd lists ramen, places, their tags and stopwatches in the locale's order")
    func lists() throws {
        let kit = try DrivenDaemon(locale: "ko_KR")
        defer { kit.stop() }
        for name in ["Mama", "짜파게티", "가나"] {
            _ = try kit.ramen.add(RamenAddParams(name: name, cookNs: 180 * Nanoseconds.second))
        }
        let ramen = try kit.ramen.list(RamenListParams(sort: "name")).ramen.map(\.name)
        #expect(ramen.firstIndex(of: "가나")! < ramen.firstIndex(of: "짜파게티")!)
        #expect(ramen.firstIndex(of: "짜파게티")! < ramen.firstIndex(of: "Mama")!)

        let places = try #require(kit.daemon.feature(PlaceFeature.self))
        for (name, food) in [("Pizza Hut", "pizza"), ("칼국수집", "칼국수"), ("김밥천국", "김밥")] {
            _ = try places.add(PlaceAddParams(name: name, tags: ["음식=\(food)", "area=시청"]))
        }
        #expect(try places.list(PlaceFilterParams()).places.map(\.name) == ["김밥천국", "칼국수집", "Pizza Hut"])
        let tags = try places.tags(PlaceFilterParams())
        #expect(tags.categories.map(\.category) == ["음식", "area"])
        #expect(tags.categories.first?.values.map(\.value) == ["김밥", "칼국수", "pizza"])

        for name in ["lap", "달리기", "공부"] { _ = try kit.stopwatches.create(StopwatchCreateParams(name: name)) }
        #expect(kit.stopwatches.list().map(\.name) == ["공부", "달리기", "lap"])
    }
}
