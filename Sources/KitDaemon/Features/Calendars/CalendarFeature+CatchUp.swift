import KitCore
import KitLocalization
import KitStore

/// Catching up at start: the alarms that came while kitd was off.
extension CalendarFeature {
    /// Once a folder's files are first read: the alarms that came while kitd was off since it
    /// watched the folder (within `catchUpWindow`) ring now, once, marked late; more than
    /// `[tasks] digest_after` come as one digest. A folder watched for the first time rings none.
    func catchUp(_ index: Int, now: ClockReading) {
        let collection = collections[index]
        do {
            guard let since = try storing({ try runtime.store.watchedAlarms.watchedSince(collection.path) }) else {
                try storing { try runtime.store.watchedAlarms.watch(collection.path, since: now.wall) }
                commits.onFlushed {}
                return
            }
            let from = max(since, now.wall + Nanoseconds(-Self.catchUpWindow.value))
            var missed: [(RingID, Planned)] = []
            for (name, file) in collection.files {
                for item in file.items {
                    missed += rings(of: item, collection: index, file: name, after: from, through: now.wall)
                    // A snooze that ended while kitd was off.
                    for (id, until) in snoozed where id.uid == item.task.uid && until > from && until <= now.wall {
                        let zone = item.task.zone.flatMap { zones.zone(named: $0) } ?? zones.system
                        guard var ring = ring(id, of: item, collection: index, file: name, zone: zone)
                        else { continue }
                        ring.at = until
                        snoozed[id] = nil
                        missed.append((id, ring))
                    }
                }
            }
            // What the first read planned (due now) rings as planned, not twice.
            missed.removeAll { planned[$0.0] != nil }
            guard !missed.isEmpty else { return }
            missed.sort { $0.1.at < $1.1.at }
            for (id, ring) in missed {
                rang.insert(id)
                keep(id, .rang, now: now.wall)
                announce(id, ring, late: true, now: now.wall)
            }
            logger.notice(
                "watched alarms missed while kitd was off ring now",
                metadata: ["calendar.path": "\(collection.path)", "calendar.missed": "\(missed.count)"])
            let shown =
                missed.count > settings[TaskSettings.self].digestAfter
                ? [digest(missed, now: now)] : missed.map { popup($0.0, $0.1, now: now, lateness: .whileOff) }
            commits.onCommittedAndSent { [popups] in
                for popup in shown { popups.post(popup) }
            }
        } catch {
            logger.error("could not catch up a watched calendar", metadata: ["error": "\(error)"])
        }
    }

    /// Many alarms missed at once, as one popup: when each was, and its title.
    private func digest(_ missed: [(RingID, Planned)], now: ClockReading) -> Popup {
        let listed = missed.prefix(10).map { _, ring in
            ClockText.short(ring.at, now: now.wall, in: ring.zone, style: LocaleClock.popupStyle) + "  " + ring.title
        }
        let more = missed.count > listed.count ? ["…"] : []
        return Popup(
            subject: CalendarPopup.digest,
            summary: Localized.plural(
                "%d calendar alarm came while kitd was off", "%d calendar alarms came while kitd was off",
                missed.count),
            body: (listed + more).joined(separator: "\n"), icon: "appointment-missed", urgency: .critical,
            sound: settings[SoundSettings.self].sound(for: .task), category: "x-kit.calendar.alarm",
            requestedAt: now.boot)
    }
}
