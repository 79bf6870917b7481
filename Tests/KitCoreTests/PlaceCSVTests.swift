import KitCore
import Testing

@Suite("Importing and exporting places as CSV")
struct PlaceCSVTests {
    typealias F = PlaceFixtures

    let places = [
        Place(
            id: 1, name: "Mama's \"Kitchen\", 수원", tags: try! TagSet.parseList("Area=수원역;kind=양식;kind=Café"),
            url: "https://example.com/menu?a=1,2", phone: "+82 31-123-4567", address: "경기도 수원시\n팔달구 1",
            note: "line one\r\nline two, \"quoted\"\nline three", weight: 3),
        Place(id: 2, name: "국밥", tags: try! TagSet.parseList("area=광교"), url: "geo:37.28,127.05"),
        Place(id: 3, name: "plain"),
    ]

    @Test("export then import gives back the same places: quotes, commas, newlines and Korean")
    func roundTrip() throws {
        let text = PlaceCSV.export(places)
        #expect(text.hasPrefix("name,tags,url,phone,address,note,weight\r\n"))
        let report = PlaceCSV.read(text)
        #expect(report.problems.isEmpty, "\(report)")
        let drafts = try report.accepted()
        #expect(drafts == places.map(\.draft))
        #expect(drafts.map(\.tags.listText) == places.map(\.tags.listText))
        #expect(drafts[0].note == "line one\r\nline two, \"quoted\"\nline three")
        #expect(report.description == "3 places are ready to import")
    }

    @Test("the reader takes LF or CRLF, a byte-order mark, blank lines and columns in any order")
    func lenientWhereHarmless() throws {
        let text = "\u{FEFF}Name , weight,TAGS\n\n\"국밥\",2,area=수원역;kind=한식\r\n짜장,,\n"
        let drafts = try PlaceCSV.read(text).accepted()
        #expect(drafts.map(\.name) == ["국밥", "짜장"])
        #expect(drafts.map(\.weight) == [2, 1])
        #expect(drafts[0].tags.listText == "area=수원역;kind=한식")
    }

    @Test("the CSV layer follows RFC 4180 for quotes and line breaks")
    func rfc4180() throws {
        let records = try CSV.parse("a,\"b,c\",\"d\"\"e\"\r\n\"f\ng\",,\"\"\nh")
        #expect(records.map(\.fields) == [["a", "b,c", "d\"e"], ["f\ng", "", ""], ["h"]])
        #expect(records.map(\.line) == [1, 2, 4])
        #expect(CSV.write([["a", "b,c", "d\"e", " f", "줄\n바꿈"]]) == "a,\"b,c\",\"d\"\"e\",\" f\",\"줄\n바꿈\"\r\n")
    }

    @Test(
        "a broken file imports nothing and names the line",
        arguments: [
            ("name,tags\nok,\n\"open,area=x\nmore\n", 3, "never ends"),
            ("name,tags\nok,\nab\"c,\n", 3, "contains '\"'"),
            ("name,tags\n\"ok\"x,\n", 2, "text follows a closing quote"),
            ("name,tags\nok,\ntoo,many,fields\n", 3, "has 3 fields but the header has 2"),
            ("name,tags\nok,\nbad,area\n", 3, "the tag 'area' has no '='"),
            ("name,weight\nok,\nbad,2.5\n", 3, "the weight '2.5' is not a whole number"),
            ("name,weight\nok,\nbad,0\n", 3, "the weight 0 is out of range"),
            ("name,url\nok,\nbad,naver.me/x\n", 3, "has no scheme; write it as 'https://naver.me/x'"),
            ("name,colour\nok,red\n", 1, "unknown column 'colour'"),
            ("tags\narea=x\n", 1, "no 'name' column"),
            ("", 1, "the file is empty"),
            ("name\n\"multi\nline\",\n  \n7\n", 5, "looks like an id"),
        ])
    func brokenFiles(text: String, line: Int, reason: String) {
        let report = PlaceCSV.read(text)
        #expect(report.drafts.isEmpty && !report.isAccepted)
        #expect(report.problems.contains { $0.line == line && $0.message.contains(reason) }, "\(report.problems)")
        #expect(report.description.hasPrefix("nothing was imported"))
        #expect(throws: KitError.self) { try report.accepted() }
    }

    @Test("duplicate names, after normalisation, are reported with both lines")
    func duplicates() {
        let report = PlaceCSV.read("name\nCafe\u{301}\nother\n café \n", existing: [PlaceDraft(name: "Other")])
        #expect(report.drafts.isEmpty)
        #expect(report.problems.map(\.kind) == [.duplicateName, .duplicateName])
        #expect(report.problems.map(\.line) == [3, 4])
        #expect(report.problems[0].message.contains("already exists"))
        #expect(report.problems[1].message.contains("already used on line 2"))
    }

    @Test("every bad row is listed, not just the first")
    func allProblemsListed() {
        let report = PlaceCSV.read("name,phone\nok,\nx,call me\ny,12\nz,abc\n")
        #expect(report.problems.map(\.line) == [3, 5])
        #expect(report.description.split(separator: "\n").count == 3)
    }

    @Test("a JSON list is checked the same way, counting items")
    func listChecking() {
        let report = PlaceImportReport(checking: [
            PlaceDraft(name: "a"), PlaceDraft(name: "b", url: "example.com"), PlaceDraft(name: "A "),
        ])
        #expect(report.problems.map(\.description).allSatisfy { $0.hasPrefix("item ") })
        #expect(report.problems.map(\.line) == [2, 3])
    }
}
