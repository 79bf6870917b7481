import KitCalendar
import KitCore
import KitStore

/// Reads one file of a watched calendar into the items whose alarms kit plans, through the same
/// reading an import makes (`PreparedImport`, leniently): the same occurrences, zones, changed
/// occurrences and lengths. It runs on the worker; it never writes.
enum WatchedCalendarReader {
    /// Why a file gives no item: what `kitctl calendars` and the journal say.
    struct Unreadable: Error, Sendable {
        var reason: KitMessage
    }

    /// The items of `text`, or why none can be read. An all-day item's day starts at 00:00, as
    /// RFC 5545 has it, so that its alarms come when its calendar's do.
    static func items(_ text: String, zones: ZoneSnapshot, now: WallTime) -> Result<[WatchedItem], Unreadable> {
        let setting = PreparedImport.Setting(
            zones: zones, allDayTime: TimeOfDay(hour: 0, minute: 0), now: now, firePast: false)
        let prepared: PreparedImport
        do {
            prepared = try PreparedImport(ics: text, strict: false, setting: setting)
        } catch {
            return .failure(Unreadable(reason: error.kitMessage))
        }
        var items: [WatchedItem] = []
        for component in prepared.components {
            guard case .built(let new) = component.outcome else { continue }
            items.append(
                WatchedItem(
                    task: new.task, isTodo: component.component == "VTODO", startBeforeDue: component.startBeforeDue,
                    alarms: component.alarms, changedAlarms: component.changedAlarms))
        }
        if items.isEmpty, let rejected = prepared.rejected.first {
            return .failure(Unreadable(reason: rejected.message))
        }
        return .success(items)
    }
}
