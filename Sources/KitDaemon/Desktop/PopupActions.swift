/// Routes a pressed popup button to the feature that owns the popup, by the type of its
/// subject: a feature registers its subject type once, and gets its own subjects back.
final class PopupActions {
    private var handlers: [ObjectIdentifier: (any PopupSubject, String) -> Void] = [:]

    /// Calls `handler` with the subject and the button's key when a button is pressed on a
    /// popup whose subject is a `Subject`.
    func register<Subject: PopupSubject>(_ type: Subject.Type, _ handler: @escaping (Subject, String) -> Void) {
        handlers[ObjectIdentifier(type)] = { subject, key in
            if let subject = subject as? Subject { handler(subject, key) }
        }
    }

    /// A button was pressed; returns whether a feature took it.
    @discardableResult
    func pressed(_ key: String, on subject: any PopupSubject) -> Bool {
        guard let handler = handlers[ObjectIdentifier(type(of: subject))] else { return false }
        handler(subject, key)
        return true
    }
}
