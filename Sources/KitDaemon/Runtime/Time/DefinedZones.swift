import KitCalendar
import KitCore
import Synchronization

/// Zones that calendar files defined in a VTIMEZONE and no tz database zone matches (Outlook's
/// `Customized Time Zone` with the pre-2007 US rules), by the name tasks pin: kept in the
/// database (`ZoneDefinitionStore`), loaded at start, and used as written. Shared by the loop and
/// the work off it: each holder makes its own `EmbeddedTimeZone` from the text, since libical
/// expands a zone's changes lazily and is not to be asked from two threads at once.
final class DefinedZones: Sendable {
    private let texts = Mutex<[String: String]>([:])

    /// The VTIMEZONE text of a defined zone, or nil.
    func text(named name: String) -> String? { texts.withLock { $0[name] } }

    /// The name a definition with exactly this text is kept under, if any.
    func name(definedAs text: String) -> String? { texts.withLock { $0.first { $0.value == text }?.key } }

    /// Adds a definition; a name already defined keeps its first text.
    func define(_ name: String, as text: String) {
        texts.withLock { texts in
            if texts[name] == nil { texts[name] = text }
        }
    }

    /// A zone made from the text kept under `name`, or nil.
    func makeZone(named name: String) -> EmbeddedTimeZone? {
        text(named: name).flatMap { EmbeddedTimeZone(tzid: name, vtimezone: Array($0.utf8)) }
    }
}
