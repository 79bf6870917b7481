import KitCore
import Testing

@Suite("Pre-alerts before a due time")
struct PreAlertsTests {
    static let minute = 60 * Nanoseconds.second

    @Test("reads a list of durations, largest first: the order they fire in")
    func readsList() throws {
        #expect(try PreAlerts.parse("10m,1d,1h") == [1440 * Self.minute, 60 * Self.minute, 10 * Self.minute])
        #expect(try PreAlerts.parse(" 1d , 1h , 10m ") == [1440 * Self.minute, 60 * Self.minute, 10 * Self.minute])
        #expect(try PreAlerts.parse("90s") == [90_000_000_000])
        #expect(try PreAlerts.parse("1h30m") == [90 * Self.minute])
    }

    @Test("writes what it reads")
    func roundTrips() throws {
        let offsets = try PreAlerts.parse("10m,1d,1h")
        #expect(PreAlerts.format(offsets) == "1d,1h,10m")
        #expect(try PreAlerts.parse(PreAlerts.format(offsets)) == offsets)
    }

    @Test(
        "refuses zero, negative, repeated, empty and too many",
        arguments: [
            ("0m", "not a positive duration"), ("-5m", "'-5m'"), ("1h,60m", "1h before the due time twice"),
            ("", "empty"), ("1h,,5m", "empty entry"), ("1d,1h,10m,", "empty entry"),
            ("1m,2m,3m,4m,5m,6m,7m,8m,9m,10m,11m", "at most 10"), ("soon", "'soon'"), ("400d", "366 days"),
        ])
    func refuses(text: String, hint: String) {
        do {
            let offsets = try PreAlerts.parse(text)
            Issue.record("'\(text)' was accepted as \(offsets)")
        } catch {
            #expect(error.message.contains(hint), "\(error.message)")
        }
    }

    @Test("a wrong entry is named within its list, and a lone one is not quoted twice")
    func namesTheEntry() {
        func refusal(_ text: String) -> String? {
            do {
                _ = try PreAlerts.parse(text)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refusal("1h,0m")?.hasPrefix("alert '0m' in '1h,0m': '0m' is not a positive duration") == true)
        #expect(refusal("0m")?.hasPrefix("'0m' is not a positive duration") == true)
    }

    @Test("ten alerts are allowed")
    func tenAreAllowed() throws {
        #expect(try PreAlerts.parse("1m,2m,3m,4m,5m,6m,7m,8m,9m,10m").count == 10)
    }
}
