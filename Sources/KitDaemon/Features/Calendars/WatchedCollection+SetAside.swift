import KitCore

/// What of a watched file kitd keeps: whole while the plan needs it (`Keeping`), else set aside
/// until it matters again (`Later`). Kept whole, its items cost memory; set aside, 16 bytes, and
/// a read of its file when the plan or an agenda comes near it.
extension WatchedCollection {
    /// A file set aside: 16 bytes, as a big calendar has thousands.
    struct Later: Sendable, Equatable {
        /// The first instant it matters again: an alarm, or an occurrence's start or due.
        var at: WallTime
        /// `since` in whole minutes since 1970, rounded up; `Int32.min` for none.
        private var sinceMinutes: Int32
        private var storedCount: Int32

        init(at: WallTime, since: WallTime, count: Int) {
            self.at = at
            let minute = Nanoseconds.minute.value
            let minutes = since.nanoseconds / minute + (since.nanoseconds % minute > 0 ? 1 : 0)
            sinceMinutes =
                since == WallTime(nanoseconds: .min)
                ? .min : Int32(clamping: max(minutes, Int64(Int32.min) + 1))
            storedCount = Int32(clamping: count)
        }

        /// Its last occurrence by the time it was set aside (none but in `(since, at)` came
        /// between), to the minute after, or `.min` when it has none before `at`: an agenda
        /// from before this reads it.
        var since: WallTime {
            sinceMinutes == .min
                ? WallTime(nanoseconds: .min) : WallTime(nanoseconds: Int64(sinceMinutes) * Nanoseconds.minute.value)
        }
        /// Its items, as `kitctl calendars` counts them.
        var count: Int { Int(storedCount) }
    }

    /// What the feature's plan needs of a file: its items whole when an alarm of theirs comes in
    /// `(from, through]` and has not rung, or one is snoozed; else only when it matters again
    /// (`Later`). Made on the loop, used on the worker too.
    struct Keeping: Sendable {
        /// Alarms after this that have not rung are planned: now, or earlier when alarms missed
        /// are caught up (at a first read, or after the machine slept past the plan).
        var from: WallTime
        var now: WallTime
        /// The plan's end and a margin (until the horizon next moves on).
        var through: WallTime
        /// The alarm an item without one gets (`default_alarm`).
        var fallback: CalendarAlarm?
        /// What rang or was dismissed (for alarms in `(from, now]`), and the UIDs with a snooze.
        var rang: Set<RingID> = []
        var dismissed: Set<RingID> = []
        var snoozed: Set<String> = []

        /// Keeps every file whole.
        static let everything = Keeping(
            from: WallTime(nanoseconds: .max), now: WallTime(nanoseconds: .max), through: WallTime(nanoseconds: .max))
        /// How far past `through` the instant a file matters again is looked for: one with none
        /// by then is read again then.
        static let lookAhead = 31 * Nanoseconds.day
        /// An item with this many alarms or occurrences near now is kept whole without more looking.
        static let looked = 256

        /// Where `items` (of a file of `count`) matter again, when the plan needs none of them
        /// whole by `through`; nil to keep them.
        func later(_ items: [WatchedItem], zones: ZoneSnapshot, count: Int) -> Later? {
            guard !items.isEmpty, through < WallTime(nanoseconds: .max) else { return nil }
            var first = WallTime(nanoseconds: .max)
            var last = WallTime(nanoseconds: .min)
            for item in items {
                let zone = item.task.zone.flatMap { zones.zone(named: $0) } ?? zones.system
                guard let (at, since) = later(of: item, in: zone) else { return nil }
                first = min(first, at)
                last = max(last, since)
            }
            return Later(at: first, since: last, count: count)
        }

        private func later(of given: WatchedItem, in zone: some UTCOffsets) -> (at: WallTime, since: WallTime)? {
            let task = given.task
            guard !snoozed.contains(task.uid) else { return nil }
            var item = given
            if item.alarms.isEmpty, item.changedAlarms.isEmpty, let fallback { item.alarms = [fallback] }
            let near = item.rings(after: from, through: through, in: zone, limit: Self.looked)
            guard near.count < Self.looked else { return nil }
            for ring in near {
                let alarms = item.changedAlarms[ring.occurrence] ?? item.alarms
                guard alarms.indices.contains(ring.alarm) else { continue }
                let id = RingID(
                    uid: task.uid, occurrence: ring.occurrence, alarm: alarms[ring.alarm].key,
                    repetition: ring.repetition)
                // One still to come, or missed and not rung: planned.
                if ring.at > now || (!rang.contains(id) && !dismissed.contains(id.withoutRepetition)) { return nil }
            }
            // For the agenda: its last occurrence by `through`. Before a day back, only whether
            // it has any (its first is its anchor).
            let dayBack = now + Nanoseconds(-Nanoseconds.day.value)
            let came = item.comings(after: dayBack, through: through, in: zone, limit: Self.looked)
            guard came.count < Self.looked else { return nil }
            let since =
                came.last
                ?? (ZoneResolver.instant(for: task.anchor, in: zone) <= dayBack ? dayBack : WallTime(nanoseconds: .min))
            let end = through + Self.lookAhead
            var at = end
            if let ring = item.rings(after: through, through: end, in: zone, limit: 1).first {
                at = min(at, ring.at, ring.start)
            }
            if let coming = item.comings(after: through, through: end, in: zone, limit: 1).first {
                at = min(at, coming)
            }
            return (at, since)
        }
    }
}
