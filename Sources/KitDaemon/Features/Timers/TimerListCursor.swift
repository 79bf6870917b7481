import KitCore
import KitProtocol
import KitStore

/// `timer.list`'s `next` and `after`: a place in the list (`TimerListPosition`) as a client
/// carries it from one page to the next. Clients take it as opaque; kitd reads back exactly
/// what it writes and refuses anything else.
///
/// `r:DUE:ID` is just after the running timer with that id, due at DUE (boot clock, ns);
/// `p:ID` after a paused timer; `e:ENDED:ID:N` after an ended timer that ended at ENDED (wall
/// clock, ns), the list's Nth ended timer. kitd keeps nothing of it: a cursor is as good on the
/// next connection, or after kitd restarted on the same boot, as on the one it came from.
enum TimerListCursor {
    /// Longer than any cursor kitd writes (`e:` and three numbers of at most 20 characters).
    static let maximumLength = 80

    static func text(_ position: TimerListPosition) -> String {
        switch position {
        case .start: "s"
        case .running(let due, let id): "r:\(due):\(id)"
        case .paused(let id): "p:\(id)"
        case .ended(let endedAt, let id, let listed): "e:\(endedAt):\(id):\(listed)"
        }
    }

    /// The position `text` names, for a list that gives at most `endedLimit` ended timers (0
    /// without `all`).
    static func position(_ text: String, endedLimit: Int) throws(KitError) -> TimerListPosition {
        let position = parse(text)
        if case .ended(_, _, let listed) = position {
            guard endedLimit > 0 else {
                throw .invalidArgument(
                    "'after' is a cursor among ended timers, from a list with \"all\": true; pass \"all\": true with it"
                )
            }
            // kitd gives no cursor after the last ended timer a list may give.
            guard listed < endedLimit else { throw foreign(text) }
        }
        guard let position else { throw foreign(text) }
        return position
    }

    private static func foreign(_ text: String) -> KitError {
        ListCursorText.foreign(text, of: Method.timerList.name)
    }

    private static func parse(_ text: String) -> TimerListPosition? {
        guard text.utf8.count <= maximumLength else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.dropFirst().map(ListCursorText.number)
        guard !numbers.contains(nil) else { return nil }
        switch (String(parts[0]), numbers.count) {
        case ("s", 0):
            return .start
        case ("r", 2):
            guard let id = numbers[1], id > 0, let due = numbers[0] else { return nil }
            return .running(due: due, id: id)
        case ("p", 1):
            guard let id = numbers[0], id > 0 else { return nil }
            return .paused(id: id)
        case ("e", 3):
            guard let id = numbers[1], id > 0, let endedAt = numbers[0], let listed = numbers[2], listed > 0 else {
                return nil
            }
            return .ended(endedAt: endedAt, id: id, listed: Int(listed))
        default:
            return nil
        }
    }
}
