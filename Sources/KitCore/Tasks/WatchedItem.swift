/// An event or to-do of a calendar kit watches (a khal, todoman or phone vdir), with its alarms
/// as the file says them: what kit plans popups by. Its series is kit's own reading of the
/// file (`task`: the anchor, the rules, RDATEs, EXDATEs and changed occurrences, the zone and an
/// event's length), so the occurrences are the ones an import would make.
public struct WatchedItem: Sendable, Equatable {
    /// The series as kit reads it. An all-day item is read with its day starting at 00:00. Made
    /// from what the item keeps (`Kept`) at each read: read it once where it is used many times.
    public var task: TaskItem {
        get { kept.task }
        set { kept = Kept(newValue) }
    }
    /// What of its `TaskItem` a watched item keeps: the series and what its popups show, not
    /// what kit records of its own tasks (firing, snoozes, pre-alerts). A big calendar keeps
    /// thousands of these, so each is about half a `TaskItem`.
    private var kept: Kept
    /// A VTODO (DUE is its end) rather than a VEVENT (DTEND is its end).
    public var isTodo: Bool
    /// For a VTODO with both: the seconds on the civil clock from its DTSTART to its DUE.
    public var startBeforeDue: Int64
    /// The series' alarms.
    public var alarms: [CalendarAlarm]
    /// The alarms of the occurrences changed one at a time, by the occurrence each changes (its
    /// original date-time by the rule): they replace the series' alarms for that occurrence,
    /// none included, as RFC 5545's overriding component does.
    public var changedAlarms: [CivilDateTime: [CalendarAlarm]]

    public init(
        task: TaskItem, isTodo: Bool, startBeforeDue: Int64 = 0, alarms: [CalendarAlarm],
        changedAlarms: [CivilDateTime: [CalendarAlarm]] = [:]
    ) {
        kept = Kept(task)
        self.isTodo = isTodo
        self.startBeforeDue = startBeforeDue
        self.alarms = alarms
        self.changedAlarms = changedAlarms
    }

    private struct Kept: Sendable, Equatable {
        var uid: String
        var title: String
        var note: String?
        var zone: String?
        var location: String?
        var anchor: CivilDateTime
        var occurrence: CivilDateTime
        var rule: Rule?
        var dates: SeriesDates
        var length: Nanoseconds?
        var doneAt: WallTime?
        var allDay: Bool

        init(_ task: TaskItem) {
            uid = task.uid
            title = task.title
            note = task.note
            zone = task.zone
            location = task.location
            anchor = task.anchor
            occurrence = task.occurrence
            rule = task.recurrence.map(Rule.init)
            dates = task.dates
            length = task.length
            if case .done(let at) = task.status { doneAt = at }
            allDay = task.allDay
        }

        var task: TaskItem {
            TaskItem(
                id: 0, uid: uid, title: title, note: note, zone: zone, allDay: allDay, anchor: anchor,
                recurrence: rule?.recurrence, dates: dates, occurrence: occurrence,
                status: doneAt.map { .done(at: $0) } ?? .open, createdAt: WallTime(nanoseconds: 0), length: length,
                location: location)
        }
    }

    /// A series' rule, kept out of line (most items have none), and shared by the items with
    /// the same rule (`sharingRule`): a weekly rule is one box for a calendar's thousands.
    public final class Rule: Sendable, Equatable {
        public let recurrence: Recurrence
        public init(_ recurrence: Recurrence) { self.recurrence = recurrence }
        public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs === rhs || lhs.recurrence == rhs.recurrence }
    }

    /// The item with its rule's box taken from `rules` (by rule), or put there while it holds
    /// fewer than `limit`.
    public func sharingRule(_ rules: inout [Recurrence: Rule], limit: Int) -> WatchedItem {
        guard let rule = kept.rule else { return self }
        var item = self
        if let same = rules[rule.recurrence] {
            item.kept.rule = same
        } else if rules.count < limit {
            rules[rule.recurrence] = rule
        }
        return item
    }

    /// One instant an alarm goes off.
    public struct Ring: Hashable, Sendable, Comparable {
        public var at: WallTime
        /// The occurrence it is for: its date-time by the rule (a changed occurrence's original),
        /// which with the UID names it across edits, as a RECURRENCE-ID does.
        public var occurrence: CivilDateTime
        /// Where the occurrence comes and ends, as instants.
        public var start: WallTime
        public var end: WallTime
        /// Which of the occurrence's alarms, and which of its repeats (0 for the first).
        public var alarm: Int
        public var repetition: Int

        public static func < (lhs: Ring, rhs: Ring) -> Bool {
            (lhs.at, lhs.occurrence, lhs.alarm, lhs.repetition) < (rhs.at, rhs.occurrence, rhs.alarm, rhs.repetition)
        }
    }

    /// The most occurrences one look at a window goes through, so that a rule every hour over
    /// a year's window costs a bounded turn.
    public static let occurrenceLimit = 10_000

    /// The item as kitd keeps it between reads: what its popups and agenda show, no more (the
    /// note's first line, at most 200 characters). The properties kit does not read are never
    /// kept (`Kept`).
    public var compacted: WatchedItem {
        var item = self
        item.task.note = task.note.flatMap { note in
            note.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) }
        }
        return item
    }

    /// Whether any of its alarms can still go off after `after`: false for a one-off whose
    /// alarms are all past, or a series that has ended, so that a calendar's history costs no
    /// memory. An item without alarms counts as ringing at its start (`default_alarm`).
    public func mayRing(after: WallTime, in zone: some UTCOffsets) -> Bool {
        let task = self.task
        if isTodo, !task.isOpen { return false }
        let every = alarms + changedAlarms.values.joined()
        if every.contains(where: { if case .at(let instant) = $0.trigger { instant > after } else { false } }) {
            return true
        }
        let length = Nanoseconds(max(task.length?.value ?? 0, 0))
        let lag = Nanoseconds(max(every.compactMap { $0.lastOffset(length: length) }.max()?.value ?? 0, 0))
        guard let series = try? task.series(in: zone) else {
            let span = span(at: task.anchor, of: task, in: zone)
            return max(span.start, span.due) + lag + length > after
        }
        // A day's margin for the zone's offset.
        return series.next(after: CivilDateTime(after + Nanoseconds(-lag.value), in: zone).adding(days: -1)) != nil
    }

    /// The instants its occurrences come in `(after, through]` (an event's start, a to-do's due:
    /// what the agenda lists them by), earliest first, at most `limit`. A to-do's occurrence done
    /// on its own is left out.
    public func comings(after: WallTime, through: WallTime, in zone: some UTCOffsets, limit: Int) -> [WallTime] {
        guard through > after, limit > 0 else { return [] }
        let task = self.task
        // Civil bounds a day wider than the instants: a zone's offset moves them by hours.
        let starts =
            (try? task.series(in: zone)).map {
                $0.occurrences(
                    after: CivilDateTime(after, in: zone).adding(days: -1),
                    through: CivilDateTime(through, in: zone).adding(days: 1), limit: Self.occurrenceLimit)
            } ?? [task.anchor]
        var found: [WallTime] = []
        for civil in starts where found.count < limit {
            if isTodo, task.dates.isDone(comingAt: civil) { continue }
            let due = ZoneResolver.instant(for: civil, in: zone)
            if due > after, due <= through { found.append(due) }
        }
        return found
    }

    /// Where the occurrence that comes at `civil` starts, is due and ends, as instants: an
    /// event's start is its due and it ends after its length; a to-do starts `startBeforeDue`
    /// before its DUE, which is its end.
    public func span(at civil: CivilDateTime, of task: TaskItem, in zone: some UTCOffsets)
        -> (start: WallTime, due: WallTime, end: WallTime)
    {
        let due = ZoneResolver.instant(for: civil, in: zone)
        if isTodo { return (ZoneResolver.instant(for: civil.adding(seconds: -startBeforeDue), in: zone), due, due) }
        return (due, due, task.end(of: civil).map { ZoneResolver.instant(for: $0, in: zone) } ?? due)
    }

    /// The alarms that go off in `(after, through]`, earliest first, at most `limit`. A to-do done
    /// (the series, or the occurrence on its own) rings no more.
    public func rings(
        after: WallTime, through: WallTime, in zone: some UTCOffsets, limit: Int = 1000
    ) -> [Ring] {
        guard through > after, limit > 0 else { return [] }
        let task = self.task
        if isTodo, !task.isOpen { return [] }
        var rings: [Ring] = []
        // How far before and after its start an occurrence's alarms come.
        let every = [alarms] + changedAlarms.values
        let length = Nanoseconds(max(task.length?.value ?? 0, 0))
        let offsets = every.joined().compactMap { $0.lastOffset(length: length) }
        let firsts = every.joined().compactMap { alarm -> Nanoseconds? in
            switch alarm.trigger {
            case .start(let offset): offset
            case .end(let offset): length + offset
            case .at: nil
            }
        }
        let lead = Nanoseconds(max(-(firsts.min()?.value ?? 0), 0))
        let lag = Nanoseconds(max(offsets.max()?.value ?? 0, 0))
        let day: Int64 = 86_400
        if let series = try? task.series(in: zone) {
            // Civil bounds a day wider than the instants: a zone's offset moves them by hours.
            let from = CivilDateTime(after + Nanoseconds(-lag.value), in: zone).adding(seconds: -day)
            let to = CivilDateTime(through + lead, in: zone).adding(seconds: day)
            var current = series.next(after: from)
            var looked = 0
            while let civil = current, civil <= to, looked < Self.occurrenceLimit {
                looked += 1
                add(civil, of: task, zone: zone, after: after, through: through, into: &rings)
                current = series.next(after: civil)
            }
        } else {
            add(task.anchor, of: task, zone: zone, after: after, through: through, into: &rings)
        }
        return Array(rings.sorted().prefix(limit))
    }

    /// The rings of the occurrence that comes at `civil` inside the window.
    private func add(
        _ civil: CivilDateTime, of task: TaskItem, zone: some UTCOffsets, after: WallTime, through: WallTime,
        into rings: inout [Ring]
    ) {
        let dates = task.dates
        let change = dates.override(comingAt: civil)
        if isTodo, dates.isDone(comingAt: civil) { return }
        let original = change?.original ?? civil
        let own = changedAlarms[original]
        let alarms = own ?? self.alarms
        let (start, _, end) = span(at: civil, of: task, in: zone)
        for (index, alarm) in alarms.enumerated() {
            // An alarm at a fixed instant belongs to its component: the series' rings once, for
            // its first occurrence; a changed occurrence's, for that occurrence.
            if case .at = alarm.trigger, own == nil, original != task.anchor { continue }
            for (repetition, at) in alarm.instants(start: start, end: end).enumerated()
            where at > after && at <= through {
                rings.append(
                    Ring(
                        at: at, occurrence: original, start: start, end: end, alarm: index,
                        repetition: repetition))
            }
        }
    }
}
