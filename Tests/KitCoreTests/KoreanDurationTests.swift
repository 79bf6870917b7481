import KitCore
import Testing

@Suite("Reading durations in Korean")
struct KoreanDurationTests {
    static let second = Nanoseconds.second

    @Test(
        "reads digits with Korean units, spaced or not",
        arguments: [
            ("3분", 180), ("4분 30초", 270), ("4분30초", 270), ("90초", 90), ("1시간", 3600), ("1.5시간", 5400),
            ("2시간 15분", 8100), ("2시간15분", 8100), ("1일", 86_400), ("2주", 1_209_600), ("1주일", 604_800),
            ("3분 동안", 180), ("10 분", 600),
        ])
    func digits(input: String, seconds: Int64) throws {
        #expect(try DurationParser.parse(input) == seconds * Self.second)
    }

    @Test(
        "reads numbers in words of either system, halves, and the words for days and weeks",
        arguments: [
            ("세 시간", 10_800), ("한 시간 반", 5400), ("한시간반", 5400), ("삼 분", 180), ("오 분", 300),
            ("서른 분", 1800), ("삼십오 분", 2100), ("이십 분", 1200), ("반 시간", 1800), ("열두 시간", 43_200),
            ("스물다섯 분", 1500), ("일 분", 60), ("일주일", 604_800), ("이 주", 1_209_600), ("하루", 86_400),
            ("이틀", 172_800), ("사흘", 259_200), ("열흘", 864_000), ("보름", 1_296_000), ("십일", 864_000),
            ("십일 일", 950_400), ("1분 반", 90), ("두 시간 삼십 분", 9000), ("백 초", 100),
        ])
    func words(input: String, seconds: Int64) throws {
        #expect(try DurationParser.parse(input) == seconds * Self.second)
    }

    @Test("reads Hangul that arrives as conjoining jamo (NFD)")
    func nfd() throws {
        let decomposed = "3\u{1107}\u{116E}\u{11AB}"  // 3분
        let words = "\u{1109}\u{1166} \u{1109}\u{1175}\u{1100}\u{1161}\u{11AB}"  // 세 시간
        #expect(try DurationParser.parse(words) == 10_800 * Self.second)
        #expect(try DurationParser.parse(decomposed) == 180 * Self.second)
    }

    @Test("a signed Korean adjustment reads as the English one does")
    func signed() throws {
        #expect(try DurationParser.parseSigned("+5분") == 300 * Self.second)
        #expect(try DurationParser.parseSigned("-30초") == -30 * Self.second)
    }

    @Test(
        "refuses what is not a Korean duration, saying why",
        arguments: [
            ("4분 30s", "mixes Korean and English"), ("3m 20초", "mixes Korean and English"),
            ("분", "cannot read"), ("삼", "cannot read"), ("30초 4분", "cannot read"), ("3분 3분", "cannot read"),
            ("사과", "cannot read"), ("400일", "longer than 366 days"),
        ])
    func refuses(input: String, message: String) {
        #expect {
            try DurationParser.parse(input)
        } throws: { error in
            (error as? DurationParseError)?.description.contains(message) == true
        }
    }
}
