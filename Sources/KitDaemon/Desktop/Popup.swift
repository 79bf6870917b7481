import KitCore

/// A desktop notification kit wants shown, in the terms of the freedesktop notification spec.
struct Popup: Sendable {
    enum Urgency: Int, Sendable {
        case low = 0
        case normal = 1
        case critical = 2
    }

    struct Action: Sendable, Equatable {
        /// The key that comes back when the person presses it, e.g. `snooze`.
        var key: String
        var label: String
    }

    /// What the popup is about, typed by its feature (`TimerPopup.fired(7)`, shown as `timer:7`).
    /// A new popup for the same subject replaces the old.
    var subject: any PopupSubject
    var summary: String
    var body: String
    /// A name from the freedesktop icon naming spec.
    var icon: String = "appointment-soon"
    var urgency: Urgency = .normal
    /// What it plays: sent as the `sound-name` or `sound-file` hint when the server has the
    /// `sound` capability, played by kitd through libcanberra when it has not (`SoundRoute`);
    /// nil for no sound of kit's (the server does as it likes).
    var sound: PopupSound?
    /// A spec category; kit uses `x-kit.*` ones.
    var category: String?
    /// Buttons; dropped when the server lacks the `actions` capability.
    var actions: [Action] = []
    /// The body to show instead when the server has no buttons, saying which kitctl command
    /// does what the buttons would.
    var bodyWithoutActions: String?
    /// Milliseconds, or -1 for the server's default.
    var timeoutMilliseconds: Int32 = -1
    /// When the loop asked for it, to measure how long the server took.
    var requestedAt: BootTime
}

/// What became of popups, reported from the notification thread to the loop.
enum PopupOutcome: Sendable {
    /// The server took it, under `serverID`; `server` is the unique name of the server that gave
    /// the id (nil when it changed as it answered).
    case shown(subject: any PopupSubject, summary: String, serverID: UInt32, server: String?, latency: Nanoseconds)
    case failed(subject: any PopupSubject, summary: String, reason: String, latency: Nanoseconds, serverMissing: Bool)
    /// The person pressed a button.
    case action(subject: any PopupSubject, key: String)
    /// The popup left the screen: closed by the person or the server, or withdrawn by kitd.
    case closed(subject: any PopupSubject, serverID: UInt32, server: String?)
    /// Who owns the notification server's name when the notification thread starts (the unique
    /// name, nil for none): what the last kitd left on screen is settled against it.
    case serverAtStart(owner: String?)
    /// The server's name changed hands since.
    case serverChanged(ServerChange)
    /// A button or "closed" signal kitd did not take: from another connection than the server's,
    /// or for an id the server did not give kitd. Nothing changes.
    case ignored(serverID: UInt32, action: String?, reason: String)
    /// The server's identity and capabilities, read once per connection to it.
    case server(name: String?, capabilities: [String])
    /// A message libnotify logged through GLib.
    case diagnostic(String)
    /// What became of a popup's sound that kitd played itself.
    case sound(subject: any PopupSubject, outcome: SoundOutcome)
}

/// The notification server's name changed hands.
struct ServerChange: Sendable {
    /// The unique name that owned `org.freedesktop.Notifications` before; nil for none.
    var previous: String?
    /// The unique name that owns it now; nil for none.
    var current: String?
    /// The popups the old server held for kitd, gone with it.
    var dropped: [any PopupSubject]
}
