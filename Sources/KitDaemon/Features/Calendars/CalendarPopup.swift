import KitCore

/// What a watched calendar's popup is about: one alarm of one occurrence, `calendar:UID
/// 2027-01-04T10:00:00 start-PT10M`.
enum CalendarPopup: PopupSubject, Equatable {
    case alarm(RingID)
    /// Many alarms that came while kitd was off, as one popup: `calendar:digest`.
    case digest

    /// The buttons, by the key that comes back when one is pressed.
    enum Button: String {
        case snooze
        case dismiss
    }

    var text: String {
        switch self {
        case .alarm(let ring): "calendar:\(ring.uid) \(ring.occurrence.iso8601) \(ring.alarm)"
        case .digest: "calendar:digest"
        }
    }

    static func == (lhs: CalendarPopup, rhs: CalendarPopup) -> Bool { lhs.text == rhs.text }
}

/// One instant an alarm of a watched calendar goes off, named so that it means the same after
/// a restart and after its file was edited: the item's UID, the occurrence (its date-time by the
/// rule, as a RECURRENCE-ID names it), the alarm (its trigger) and which of its repeats.
struct RingID: Hashable, Comparable, Sendable {
    var uid: String
    var occurrence: CivilDateTime
    var alarm: String
    var repetition: Int

    static func < (lhs: RingID, rhs: RingID) -> Bool {
        (lhs.uid, lhs.occurrence, lhs.alarm, lhs.repetition) < (rhs.uid, rhs.occurrence, rhs.alarm, rhs.repetition)
    }

    /// The alarm whatever the repeat: what a dismissal names.
    var withoutRepetition: RingID { RingID(uid: uid, occurrence: occurrence, alarm: alarm, repetition: -1) }
}

extension CalendarAlarm {
    /// The alarm as its records name it: `start-PT10M`, `end+PT0S`, `at20270104T080000Z`.
    var key: String {
        func duration(_ offset: Nanoseconds) -> String {
            let seconds = offset.value / Nanoseconds.second.value
            return (seconds < 0 ? "-" : "+") + "PT\(abs(seconds))S"
        }
        return switch trigger {
        case .start(let offset): "start" + duration(offset)
        case .end(let offset): "end" + duration(offset)
        case .at(let instant): "at" + Timestamp.rfc3339(instant, fractionDigits: 0)
        }
    }
}
