/// Turns a civil date-time in a zone into an instant, by RFC 5545's rules for local times
/// (3.3.5), which libical, Google, Apple and every CalDAV client follow, so a task fires at the
/// same instant in kit as on a phone that reads the same file:
///
/// - A local time that does not exist, because the clocks jump forward over it, is read with
///   the **UTC offset from before the gap**. 02:30 on the day New York springs forward
///   (02:00 EST → 03:00 EDT) is 02:30 EST, 07:30 UTC, which the clocks show as 03:30 EDT.
/// - A local time that occurs twice, because the clocks fall back over it, resolves to the
///   **first** of the two. 01:30 on the day New York falls back (02:00 → 01:00) is 01:30 EDT,
///   05:30 UTC; a reminder at 01:30 fires once.
///
/// The method is the usual one for zones known only by their offsets: read the offset a day
/// before and a day after, and try the instant each would give; when neither reads back as the
/// wanted local time, the time is in a gap. It assumes at most one
/// transition within a day either side, which holds for every real zone.
public enum ZoneResolver {
    /// Resolves `civil` in `zone` by the policy above.
    public static func resolve(_ civil: CivilDateTime, in zone: some UTCOffsets) -> ZoneResolution {
        let local = civil.localSeconds
        let before = zone.offset(at: instant(local - 86_400))
        let after = zone.offset(at: instant(local + 86_400))
        let early = local - Int64(before)
        let late = local - Int64(after)
        let earlyFits = zone.offset(at: instant(early)) == before
        let lateFits = zone.offset(at: instant(late)) == after
        if before == after || earlyFits != lateFits {
            if lateFits && !earlyFits { return ZoneResolution(instant: instant(late), kind: .exact) }
            if earlyFits { return ZoneResolution(instant: instant(early), kind: .exact) }
            // Offsets that disagree with themselves (more than one transition nearby): take the
            // offset in force at the naive instant, which is never further than a transition off.
            let naive = local - Int64(zone.offset(at: instant(local)))
            return ZoneResolution(instant: instant(naive), kind: .exact)
        }
        if earlyFits && lateFits {
            return ZoneResolution(instant: instant(min(early, late)), kind: .repeated(offsets: (before, after)))
        }
        // A gap: read with the offset from before it.
        return ZoneResolution(instant: instant(early), kind: .skipped(gap: Int64(after - before)))
    }

    /// The instant for `civil` in `zone` by the policy above.
    public static func instant(for civil: CivilDateTime, in zone: some UTCOffsets) -> WallTime {
        resolve(civil, in: zone).instant
    }

    private static func instant(_ seconds: Int64) -> WallTime {
        WallTime(nanoseconds: seconds * Nanoseconds.nanosecondsPerSecond)
    }
}
