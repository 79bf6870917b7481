import Foundation
import Testing

@testable import KitDaemon

@Suite("Log lines")
struct KitLogHandlerTests {
    @Test("a line run by hand starts with the time in UTC, saying so with a Z")
    func timeInUTC() throws {
        let before = Date()
        let stamp = KitLogHandler.timestamp()
        #expect(
            stamp.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil, "\(stamp)")
        let read = try #require(
            try? Date(
                stamp,
                strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(
                    separator: .omitted)))
        #expect(abs(read.timeIntervalSince(before)) < 60, "\(stamp) is not now")
    }
}
