/// Placing a WHEN in time: today, tomorrow and weekdays are read in the task's zone at `now`.
///
/// Rules: a time alone means today, and a time that has already passed today is refused with a
/// suggestion of `tomorrow <time>` (it is never moved silently); a weekday means the next such
/// day, today only while its time is still ahead; `next fri` is the first Friday after today;
/// any date-time at or before `now` is refused. Local times that DST skips or repeats follow
/// `ZoneResolver`'s policy.
extension WhenExpression {
    /// The time of day used when only a day is given (`tomorrow`, `2026-11-25`).
    public static let defaultAllDayTime = TimeOfDay(hour: 9, minute: 0)

    public func resolve(
        now: WallTime, in zone: some UTCOffsets, defaultTime: TimeOfDay = WhenExpression.defaultAllDayTime
    ) throws(KitError) -> ResolvedWhen {
        let local = CivilDateTime(now, in: zone)
        let today = local.date
        let nowText = local.date.iso8601 + " " + TimeOfDay(hour: local.hour, minute: local.minute).description
        switch self {
        case .fromNow(let duration):
            let instant = now + duration
            return try Self.checked(
                ResolvedWhen(
                    civil: CivilDateTime(instant, in: zone), resolution: ZoneResolution(instant: instant, kind: .exact),
                    allDay: false))
        case .exact(let civil, let utcOffset):
            let instant = WallTime(
                nanoseconds: (civil.localSeconds - Int64(utcOffset)) * Nanoseconds.nanosecondsPerSecond)
            guard instant > now else {
                throw .invalidArgument(
                    "\(civil.date.iso8601) \(civil.time) at UTC offset \(Self.offsetText(utcOffset)) is in the past "
                        + "(it is \(nowText) here now); give a later time")
            }
            return try Self.checked(
                ResolvedWhen(
                    civil: CivilDateTime(instant, in: zone), resolution: ZoneResolution(instant: instant, kind: .exact),
                    allDay: false))
        case .day(let day, let time):
            let clock = time ?? defaultTime
            func on(_ date: CivilDate) -> ResolvedWhen {
                let civil = CivilDateTime(date: date, time: clock)
                return ResolvedWhen(
                    civil: civil, resolution: ZoneResolver.resolve(civil, in: zone), allDay: time == nil)
            }
            switch day {
            case .today:
                let result = on(today)
                guard result.instant > now else {
                    throw .invalidArgument(
                        "\(clock) has already passed today (it is \(nowText) now); for tomorrow say 'tomorrow \(clock)'"
                    )
                }
                return try Self.checked(result)
            case .tomorrow:
                return try Self.checked(on(today.adding(days: 1)))
            case .date(let date):
                let result = on(date)
                guard result.instant > now else {
                    let hint = time == nil ? " (\(clock) is the time used when none is given)" : ""
                    throw .invalidArgument(
                        "\(date.iso8601) \(clock) is in the past\(hint); it is \(nowText) now. Give a later date or time"
                    )
                }
                return try Self.checked(result)
            case .weekday(let weekday):
                let ahead = today.weekday.days(until: weekday)
                let result = on(today.adding(days: ahead))
                return try Self.checked(ahead == 0 && result.instant <= now ? on(today.adding(days: 7)) : result)
            case .nextWeekday(let weekday):
                let ahead = today.weekday.days(until: weekday)
                return try Self.checked(on(today.adding(days: ahead == 0 ? 7 : ahead)))
            }
        }
    }

    private static func checked(_ result: ResolvedWhen) throws(KitError) -> ResolvedWhen {
        guard CivilDate.supportedYears.contains(result.civil.date.year) else {
            throw .invalidArgument(
                "\(result.civil) is outside the years kit handles (\(CivilDate.supportedYears.lowerBound) to "
                    + "\(CivilDate.supportedYears.upperBound))")
        }
        return result
    }

    static func offsetText(_ seconds: Int) -> String {
        if seconds == 0 { return "Z" }
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + TimeOfDay.two(minutes / 60) + ":" + TimeOfDay.two(minutes % 60)
    }
}

extension WhenExpression {
    /// For a WHEN with an explicit UTC offset (`2026-11-25T18:00+09:00`): the IANA zone to pin the
    /// task to so that it keeps that instant, or nil when none is needed or none exists.
    ///
    /// None is needed when the task's zone has that offset at that instant (the person typed
    /// their own offset: the task follows the zone, DST included), unless the local time is the
    /// second of the two a fall-back night has (`isSecondOfRepeatedTime`). Otherwise the zone is
    /// the fixed one with that offset: `Etc/GMT-9` for +09:00 (the tz database's `Etc` names have
    /// the sign reversed), `Etc/UTC` for `Z`. The tz database has fixed zones for whole hours only,
    /// from −12:00 to +14:00; other offsets (+05:30) get nil, and the task follows the zone,
    /// except the second of a repeated time (Lord Howe's second 01:45, at +10:30), which no local
    /// time names: that gets `Etc/UTC`, which keeps the instant.
    ///
    /// With `now`, `in 2h` is read too: it is one instant, at the zone's offset then.
    public func fixedOffsetZone(in zone: some UTCOffsets, now: WallTime? = nil) -> String? {
        guard let (instant, utcOffset) = fixedInstant(in: zone, now: now) else { return nil }
        let secondOfRepeated = Self.isSecondOfRepeatedTime(instant, in: zone)
        guard zone.offset(at: instant) != utcOffset || secondOfRepeated else { return nil }
        guard utcOffset % 3600 == 0, (-12...14).contains(utcOffset / 3600) else {
            return secondOfRepeated ? "Etc/UTC" : nil
        }
        let hours = utcOffset / 3600
        if hours == 0 { return "Etc/UTC" }
        return hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
    }

    /// Whether the instant this WHEN names by itself (an offset, or `in …` from `now`) is the
    /// second occurrence of a local time `zone` has twice: a task kept as that local time in the
    /// zone would come an hour early (RFC 5545 reads it as the first), so even a task pinned to
    /// the zone with `--tz` must keep the offset instead.
    public func isSecondOfRepeatedTime(in zone: some UTCOffsets, now: WallTime? = nil) -> Bool {
        guard let (instant, _) = fixedInstant(in: zone, now: now) else { return false }
        return Self.isSecondOfRepeatedTime(instant, in: zone)
    }

    /// The instant and UTC offset of a WHEN that names one instant whatever the zone.
    private func fixedInstant(in zone: some UTCOffsets, now: WallTime?) -> (WallTime, Int)? {
        switch self {
        case .exact(let civil, let utcOffset):
            return (
                WallTime(nanoseconds: (civil.localSeconds - Int64(utcOffset)) * Nanoseconds.nanosecondsPerSecond),
                utcOffset
            )
        case .fromNow(let duration):
            guard let now else { return nil }
            return (now + duration, zone.offset(at: now + duration))
        case .day:
            return nil
        }
    }

    private static func isSecondOfRepeatedTime(_ instant: WallTime, in zone: some UTCOffsets) -> Bool {
        let second = Nanoseconds.nanosecondsPerSecond
        let whole = WallTime(nanoseconds: instant.nanoseconds / second * second)
        return ZoneResolver.resolve(CivilDateTime(whole, in: zone), in: zone).instant != whole
    }
}
