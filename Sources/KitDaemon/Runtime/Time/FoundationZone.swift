import Foundation
import KitCore
import Synchronization

/// A Foundation time zone as KitCore sees zones: offsets by instant, and when they change.
///
/// Foundation answers through ICU, behind a lock, in about a microsecond; kitd asks two or
/// three times for each of possibly 100,000 tasks at start. So the answers are kept as spans:
/// an offset found at an instant holds until the zone's next transition (which Foundation also
/// reports), and any later question inside a known span is answered from memory. The zone of an
/// IANA name is made once for the process (`named`), so every part of kitd that asks for it,
/// on any thread, shares what it has learnt.
final class FoundationZone: UTCOffsetTransitions {
    private struct Span {
        var start: Int64
        /// The next transition, exclusive; `Int64.max` when there is none.
        var end: Int64
        var offset: Int
    }

    let zone: TimeZone
    /// Known spans, sorted by start and not overlapping.
    private let spans = Mutex<[Span]>([])

    init(_ zone: TimeZone) { self.zone = zone }

    /// The zones made by IANA name so far.
    private static let byName = Mutex<[String: FoundationZone]>([:])

    /// The zone Foundation knows by `name`, the same object for every caller; nil when there is
    /// no such zone.
    static func named(_ name: String) -> FoundationZone? {
        byName.withLock { zones in
            if let zone = zones[name] { return zone }
            guard let timeZone = TimeZone(identifier: name) else { return nil }
            let zone = FoundationZone(timeZone)
            zones[name] = zone
            return zone
        }
    }

    func offset(at instant: WallTime) -> Int { span(at: Self.second(instant)).offset }

    func nextTransition(after instant: WallTime) -> WallTime? {
        let end = span(at: Self.second(instant)).end
        let (nanoseconds, overflow) = end.multipliedReportingOverflow(by: Nanoseconds.nanosecondsPerSecond)
        return end == Int64.max || overflow ? nil : WallTime(nanoseconds: nanoseconds)
    }

    /// The whole second `instant` falls in.
    private static func second(_ instant: WallTime) -> Int64 {
        instant.nanoseconds >= 0
            ? instant.nanoseconds / Nanoseconds.nanosecondsPerSecond
            : (instant.nanoseconds - 999_999_999) / Nanoseconds.nanosecondsPerSecond
    }

    /// The span holding `second`: from memory, or asked of Foundation and remembered.
    private func span(at second: Int64) -> Span {
        spans.withLock { spans in
            // The last span starting at or before `second`.
            var low = 0
            var high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].start <= second { low = middle + 1 } else { high = middle }
            }
            if low > 0, spans[low - 1].end > second { return spans[low - 1] }
            let date = Date(timeIntervalSince1970: Double(second))
            let offset = zone.secondsFromGMT(for: date)
            let next = zone.nextDaylightSavingTimeTransition(after: date).map {
                Int64($0.timeIntervalSince1970.rounded(.up))
            }
            let span = Span(start: second, end: next ?? Int64.max, offset: offset)
            // A span that ends where this one does covers the same stretch: grow it back to here.
            if low < spans.count, spans[low].end == span.end, spans[low].offset == offset {
                spans[low].start = second
            } else {
                spans.insert(span, at: low)
            }
            return span
        }
    }
}
