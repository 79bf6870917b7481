import KitCore
import Testing

@Suite("File names of exported diary entries")
struct ExportFileNameTests {
    let day = CivilDate(year: 2026, month: 11, day: 20)

    @Test("the name is the date and the title's words, lowercased")
    func plain() {
        #expect(ExportFileName.stem(date: day, title: "Rain by the River!") == "2026-11-20-rain-by-the-river")
        #expect(ExportFileName.stem(date: day, title: "한강 산책, 비") == "2026-11-20-한강-산책-비")
    }

    @Test(
        "nothing in a title can leave the directory or hide the file",
        arguments: [
            "../../etc/passwd", "/etc/passwd", "..", ".", "a/b\\c", "\u{0}\u{1B}[31m", ".hidden", "\u{202E}gpj.exe",
        ])
    func safe(_ title: String) {
        var taken = Set<String>()
        let name = ExportFileName.unique(ExportFileName.stem(date: day, title: title), extension: "md", taken: &taken)
        #expect(name.hasPrefix("2026-11-20"))
        #expect(!name.contains("/") && !name.contains("\\") && !name.contains(".."))
        #expect(name.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control })
        #expect(name.unicodeScalars.allSatisfy { $0.properties.generalCategory != .format })
        #expect(name.filter { $0 == "." }.count == 1 && name.hasSuffix(".md"))
    }

    @Test("an empty or symbol-only title gives the date alone")
    func dateAlone() {
        #expect(ExportFileName.stem(date: day, title: "?!* //") == "2026-11-20")
    }

    @Test("a long title is cut at a character boundary within the byte limit")
    func long() {
        let slug = ExportFileName.slug(String(repeating: "가나다 ", count: 100))
        #expect(slug.utf8.count <= ExportFileName.maximumSlugBytes)
        #expect(slug.hasPrefix("가나다-가나다"))
        #expect(!slug.hasSuffix("-"))
    }

    @Test("names collide neither exactly nor by case")
    func unique() {
        var taken = Set<String>()
        let names = ["Walk", "walk", "WALK", "Walk"].map {
            ExportFileName.unique(ExportFileName.stem(date: day, title: $0), extension: "md", taken: &taken)
        }
        #expect(
            names == ["2026-11-20-walk.md", "2026-11-20-walk-2.md", "2026-11-20-walk-3.md", "2026-11-20-walk-4.md"])
    }
}
