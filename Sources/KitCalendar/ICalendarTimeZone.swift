import KitCore

/// A VTIMEZONE component for a zone, so that every `TZID` an exported file uses is defined in it
/// as RFC 5545 (3.2.19) requires. Readers that know IANA names use the name; the rest use this.
///
/// The zone's offset changes over a span of years are found by stepping from one transition to
/// the next when the zone can tell them (`UTCOffsetTransitions`), else by probing it (daily
/// steps, then bisection to the second), and written as observances: one per (offset before,
/// offset after) pair, with a DTSTART and an RDATE for every further change alike. DAYLIGHT is
/// any offset above the span's smallest; a zone without changes gets one STANDARD observance.
public struct ICalendarTimeZone: Sendable {
    public struct Change: Equatable, Sendable {
        /// The instant the offset changes.
        public var at: WallTime
        public var from: Int
        public var to: Int
    }

    public let tzid: String
    public let initialOffset: Int
    public let start: CivilDate
    public let changes: [Change]

    /// The changes of `zone` from January 1 of `firstYear` through December 31 of `lastYear`.
    public init(tzid: String, zone: some UTCOffsets, firstYear: Int, lastYear: Int) {
        self.tzid = tzid
        start = CivilDate(year: firstYear, month: 1, day: 1)
        let day: Int64 = 86_400
        let begin = Self.seconds(
            ZoneResolver.instant(for: CivilDateTime(date: start, time: .midnight), in: FixedOffset.utc))
        let end = Self.seconds(
            ZoneResolver.instant(
                for: CivilDateTime(date: CivilDate(year: lastYear + 1, month: 1, day: 1), time: .midnight),
                in: FixedOffset.utc))
        let offset = { (second: Int64) in
            zone.offset(at: WallTime(nanoseconds: second * Nanoseconds.nanosecondsPerSecond))
        }
        initialOffset = offset(begin)
        var found: [Change] = []
        var previousOffset = initialOffset
        if let zone = zone as? any UTCOffsetTransitions {
            // Probing each day asked the zone some 4,400 times for the dozen years a task's file
            // covers: 7.6 % of kitd's CPU while 8 clients added and deleted tasks kept in a vdir.
            var at = WallTime(nanoseconds: begin * Nanoseconds.nanosecondsPerSecond)
            while let next = zone.nextTransition(after: at), next > at, Self.seconds(next) <= end {
                let current = zone.offset(at: next)
                if current != previousOffset {
                    found.append(Change(at: next, from: previousOffset, to: current))
                    previousOffset = current
                }
                at = next
            }
            changes = found
            return
        }
        var previous = begin
        var probe = begin + day
        while probe <= end {
            let current = offset(probe)
            if current != previousOffset {
                var low = previous
                var high = probe
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if offset(middle) == previousOffset { low = middle } else { high = middle }
                }
                found.append(
                    Change(
                        at: WallTime(nanoseconds: high * Nanoseconds.nanosecondsPerSecond), from: previousOffset,
                        to: current))
                previousOffset = current
            }
            previous = probe
            probe += day
        }
        changes = found
    }

    /// The VTIMEZONE component.
    public var component: ICalendarNode {
        var zone = ICalendarNode(
            name: "VTIMEZONE", properties: [.init("TZID", ICalendarWriter.parameterText(tzid))])
        let lowest = ([initialOffset] + changes.map(\.to)).min() ?? initialOffset
        let opening = CivilDateTime(date: start, time: .midnight)
        zone.components.append(
            observance(daylight: initialOffset > lowest, from: initialOffset, to: initialOffset, starts: [opening]))
        var groups: [(from: Int, to: Int, starts: [CivilDateTime])] = []
        for change in changes {
            // The local time the change happens at, read on the clock before it.
            let local = CivilDateTime(change.at, in: FixedOffset(seconds: change.from))
            if let index = groups.firstIndex(where: { $0.from == change.from && $0.to == change.to }) {
                groups[index].starts.append(local)
            } else {
                groups.append((change.from, change.to, [local]))
            }
        }
        for group in groups {
            zone.components.append(
                observance(daylight: group.to > lowest, from: group.from, to: group.to, starts: group.starts))
        }
        return zone
    }

    private func observance(daylight: Bool, from: Int, to: Int, starts: [CivilDateTime]) -> ICalendarNode {
        var observance = ICalendarNode(
            name: daylight ? "DAYLIGHT" : "STANDARD",
            properties: [
                .init("DTSTART", ICalendarText.basic(starts[0])), .init("TZOFFSETFROM", Self.offsetText(from)),
                .init("TZOFFSETTO", Self.offsetText(to)),
            ])
        if starts.count > 1 {
            observance.properties.append(
                .init("RDATE", starts.dropFirst().map(ICalendarText.basic).joined(separator: ",")))
        }
        return observance
    }

    /// `+0900`, `-0430`, `+053028` (seconds only when the offset has them).
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        var text = sign + TimeOfDay.two(magnitude / 3600) + TimeOfDay.two(magnitude % 3600 / 60)
        if magnitude % 60 != 0 { text += TimeOfDay.two(magnitude % 60) }
        return text
    }

    private static func seconds(_ instant: WallTime) -> Int64 { instant.nanoseconds / Nanoseconds.nanosecondsPerSecond }
}
