import Glibc
import KitCore
import KitLocalization
import KitProtocol
import KitStore

/// Watched alarms as they ring: the popup, `calendar.alarm`, what is kept of each in the
/// database, and what Snooze and Dismiss do.
extension CalendarFeature {

    func came(_ due: [Key], now: ClockReading) {
        var posting: [Popup] = []
        for key in due {
            switch key {
            case .horizon:
                replanAll(now: now.wall)
            case .ring(let id):
                guard let plan = planned.removeValue(forKey: id), !dismissed.contains(id.withoutRepetition) else {
                    continue
                }
                guard let ring = shown(id, plan) else {
                    // Not reached: a file's alarms are planned again whenever it changes or goes.
                    logger.error(
                        "a planned watched alarm's item is gone; it does not ring",
                        metadata: ["calendar.uid": "\(id.uid)"])
                    continue
                }
                snoozed[id] = nil
                rang.insert(id)
                rung[id] = ring
                keep(id, .rang, now: now.wall)
                let late = now.wall - ring.at > Self.lateAfter
                posting.append(popup(id, ring, now: now, lateness: late ? .late : .onTime))
                announce(id, ring, late: late, now: now.wall)
                nextMayHaveChanged()
            }
        }
        guard !posting.isEmpty else { return }
        commits.onCommittedAndSent { [popups] in
            for popup in posting { popups.post(popup) }
        }
    }

    /// Sends `calendar.alarm` once the turn is committed.
    func announce(_ id: RingID, _ ring: Planned, late: Bool, now: WallTime) {
        let event = CalendarAlarmEvent(
            uid: id.uid, occurrence: id.occurrence.iso8601, title: ring.title, calendar: name(of: ring.collection),
            at: Timestamp.rfc3339(ring.at), late: late, latenessNs: max(0, now - ring.at))
        commits.onCommitted { [events] in events.emit(Event.calendarAlarm, event) }
    }

    func name(of collection: Int) -> String {
        collections.indices.contains(collection) ? collections[collection].name : ""
    }

    func keep(_ id: RingID, _ state: WatchedAlarmStore.Record.State, until: WallTime? = nil, now: WallTime) {
        do {
            try storing {
                try runtime.store.watchedAlarms.keep(
                    .init(
                        uid: id.uid, occurrence: id.occurrence.iso8601, alarm: id.alarm, repetition: id.repetition,
                        state: state, until: until, at: now))
            }
        } catch {
            logger.error("could not record a watched alarm", metadata: ["error": "\(error)"])
        }
    }

    /// How an alarm rings: on time, or late, and why.
    enum Lateness {
        case onTime
        /// It came while kitd was off (caught up at start).
        case whileOff
        /// kitd ran, but rang it more than `lateAfter` after its instant: the machine slept, or
        /// the clock was set on.
        case late
    }

    /// The popup: the title, when and where, the alarm's or the item's first line, its calendar;
    /// first, when it is late, when it was due.
    func popup(_ id: RingID, _ ring: Planned, now: ClockReading, lateness: Lateness = .onTime) -> Popup {
        var place = [
            ClockText.span(
                ring.start, ring.end, allDay: ring.allDay, now: now.wall, in: ring.zone, style: LocaleClock.popupStyle)
        ]
        if let location = ring.location { place.append(location) }
        let line = (ring.text ?? ring.note).flatMap { text in
            text.split(separator: "\n").first.map { String($0).trimmingWhitespace() }
        }
        let calendar = name(of: ring.collection)
        var lines = [place.joined(separator: " · ")]
        let at = ClockText.short(ring.at, now: now.wall, in: ring.zone, style: LocaleClock.popupStyle)
        switch lateness {
        case .onTime: break
        case .whileOff: lines.insert(Localized.text("Missed at %s, while kitd was off.", at), at: 0)
        case .late: lines.insert(Localized.text("Due at %s; it rings late.", at), at: 0)
        }
        if let line, !line.isEmpty, line != ring.title { lines.append(line) }
        lines.append(Localized.text("Calendar: %s", calendar))
        let body = lines.joined(separator: "\n")
        let snooze = LocaleDuration.text(settings[TaskSettings.self].snooze)
        return Popup(
            subject: CalendarPopup.alarm(id), summary: ring.title, body: body, icon: "appointment-soon",
            urgency: .critical, sound: settings[SoundSettings.self].sound(for: .task), category: "x-kit.calendar.alarm",
            actions: [
                Popup.Action(key: CalendarPopup.Button.snooze.rawValue, label: Localized.text("Snooze %s", snooze)),
                Popup.Action(key: CalendarPopup.Button.dismiss.rawValue, label: Localized.text("Dismiss")),
            ],
            requestedAt: now.boot)
    }

    /// Snooze rings the alarm again after `[tasks] snooze`; Dismiss ends it and its repeats.
    func pressed(_ key: String, on subject: CalendarPopup) {
        guard case .alarm(let id) = subject, let button = CalendarPopup.Button(rawValue: key) else { return }
        let now = clock.now().wall
        switch button {
        case .dismiss:
            dismissed.insert(id.withoutRepetition)
            keep(id.withoutRepetition, .dismissed, now: now)
            let repeats = planned.keys.filter { $0.withoutRepetition == id.withoutRepetition }
            for other in repeats { planned[other] = nil }
            alarms?.cancel(repeats.map { Key.ring($0) })
            nextMayHaveChanged()
            logger.info("a watched alarm was dismissed", metadata: ["calendar.uid": "\(id.uid)"])
        case .snooze:
            let until = now + settings[TaskSettings.self].snooze
            snoozed[id] = until
            keep(id, .snoozed, until: until, now: now)
            if let ring = rung[id] {
                planned[id] = Plan(at: until, collection: ring.collection, file: ring.file)
                alarms?.schedule(.ring(id), at: until)
                nextMayHaveChanged()
            }
            logger.info("a watched alarm was snoozed", metadata: ["calendar.uid": "\(id.uid)"])
        }
        commits.onFlushed {}
    }
}
