/// Where the features' popups go: the notifier thread in kitd, a recorder in tests that drive
/// a daemon on a virtual clock. `show` never blocks the loop.
protocol PopupSink: AnyObject {
    /// Shows `popup`, replacing any popup on screen with the same subject.
    func show(_ popup: Popup)
    /// Takes `subject`'s popup off the screen, if one is there: what it reports was handled
    /// another way (done from kitctl, changed through sync).
    func withdraw(_ subject: any PopupSubject)
    /// Closes popups by id, which the last kitd got from `server`, if it still holds the name.
    func closeOld(ids: [UInt32], server: String)
    /// What is known of the notification server.
    var serverStatus: NotificationServerStatus { get }
    /// Called on the loop thread with what became of popups: shown, failed, a button pressed.
    var onOutcome: ((PopupOutcome) -> Void)? { get set }
    /// Stops showing popups, after reporting the outcome of the one on its way (if the server
    /// answers within a second); those on screen stay there.
    func shutdown()
}

/// What kitd knows of the notification server, for `daemon.status`.
struct NotificationServerStatus: Sendable {
    var available: Bool?
    var name: String?
    var capabilities: [String] = []
}
