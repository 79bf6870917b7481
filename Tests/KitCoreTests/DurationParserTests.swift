import KitCore
import Testing

@Suite("Reading durations")
struct DurationParserTests {
    static let second = Nanoseconds.second

    @Test(
        "accepts the forms people type",
        arguments: [
            ("90", 90), ("90s", 90), ("4m30s", 270), ("1h2m", 3720), ("1h 2m", 3720), ("4:30", 270),
            ("1:02:03", 3723), ("90:00", 5400), ("2d", 172_800), ("1.5h", 5400), ("4M30S", 270),
            ("  5m  ", 300), ("3 days", 259_200), ("10 min", 600), ("1 hour 30 minutes", 5400), ("0:01", 1),
        ])
    func acceptsCommonForms(input: String, seconds: Int64) throws {
        #expect(try DurationParser.parse(input) == seconds * Self.second)
    }

    @Test("reads milliseconds")
    func readsMilliseconds() throws {
        #expect(try DurationParser.parse("1s500ms") == 1_500_000_000)
    }

    @Test(
        "refuses what is not a duration, saying why",
        arguments: [
            ("", DurationParseError.Reason.empty), ("abc", .malformed), ("4x", .unknownUnit("x")),
            ("4m4m", .unitOrder), ("30s4m", .unitOrder), ("4:75", .fieldOver59), ("0", .notPositive),
            ("0s", .notPositive), ("367d", .tooLong), ("1:2:3:4", .malformed), ("4:", .malformed),
            ("m", .malformed), ("-5m", .negative), ("5 5", .missingUnit),
        ])
    func refusesBadInput(input: String, reason: DurationParseError.Reason) {
        #expect(throws: DurationParseError(input: input, reason: reason)) { try DurationParser.parse(input) }
    }

    @Test("error messages quote the input and show an example")
    func errorMessagesAreActionable() {
        let error = DurationParseError(input: "5x", reason: .unknownUnit("x"))
        #expect(error.description.contains("'5x'"))
        #expect(error.description.contains("4m30s"))
    }

    @Test("signed amounts add or remove time", arguments: [("+1m", 60), ("-30s", -30), ("90", 90), ("−2m", -120)])
    func signedAmounts(input: String, seconds: Int64) throws {
        #expect(try DurationParser.parseSigned(input) == seconds * Self.second)
    }

    @Test("a signed zero is refused")
    func signedZeroIsRefused() {
        #expect(throws: DurationParseError.self) { try DurationParser.parseSigned("+0s") }
    }
}

@Suite("Writing durations")
struct DurationFormatterTests {
    @Test(
        "clock style rounds a countdown up",
        arguments: [
            (Nanoseconds(200_000_000), "0:01"), (0, "0:00"), (192_000_000_000, "3:12"), (3_723_000_000_000, "1:02:03"),
            (93_784_000_000_000, "1d 02:03:04"), (59_100_000_000, "1:00"),
        ])
    func clockStyle(nanoseconds: Nanoseconds, text: String) {
        #expect(DurationFormatter.clock(nanoseconds) == text)
    }

    @Test(
        "compact style",
        arguments: [
            (Nanoseconds(270_000_000_000), "4m30s"), (0, "0s"), (3_720_000_000_000, "1h2m"), (-30_000_000_000, "-30s"),
        ])
    func compactStyle(nanoseconds: Nanoseconds, text: String) {
        #expect(DurationFormatter.compact(nanoseconds) == text)
    }

    @Test(
        "Korean words: units with spaces, zero as 0초, a tiny negative as zero; and the parser reads them back",
        arguments: [
            (Nanoseconds(270_000_000_000), "4분 30초"), (0, "0초"), (3_720_000_000_000, "1시간 2분"),
            (93_784_000_000_000, "1일 2시간 3분 4초"), (-30_000_000_000, "-30초"), (-1, "0초"),
        ])
    func koreanWords(nanoseconds: Nanoseconds, text: String) throws {
        #expect(DurationFormatter.korean(nanoseconds) == text)
        if nanoseconds > 0 { #expect(try DurationParser.parse(text) == nanoseconds) }
    }

    @Test("what compact writes, the parser reads back")
    func compactRoundTrips() throws {
        for seconds in [1, 59, 60, 61, 3599, 3600, 3661, 86_399, 86_400, 90_061] as [Int64] {
            let text = DurationFormatter.compact(seconds * Nanoseconds.second)
            #expect(try DurationParser.parse(text) == seconds * Nanoseconds.second, "\(text)")
        }
    }

    @Test(
        "exactClock keeps the fraction a length was given with, and the parser reads it back",
        arguments: [
            (270_000_000_000, "4:30"), (270_250_000_000, "4:30.25"), (90_500_000_000, "1:30.5"), (1, "0:00.000000001"),
            (3_661_100_000_000, "1:01:01.1"),
        ] as [(Nanoseconds, String)])
    func exactClock(nanoseconds: Nanoseconds, text: String) throws {
        #expect(DurationFormatter.exactClock(nanoseconds) == text)
        #expect(try DurationParser.parse(text) == nanoseconds)
    }
}
