import CLibNotify
import Foundation
import KitCore
import Synchronization

/// The notification thread: runs a GLib main loop and makes every libnotify call. The only file
/// that imports CLibNotify.
///
/// libnotify's `show` is a synchronous D-Bus round trip (up to 25 s against a hung server), and
/// action and "closed" signals arrive only on a thread running a GLib main loop, so none of this
/// may happen on the daemon's loop. Requests come in through `post`, which queues them and wakes
/// GLib with an idle source on this thread's own main context; results go back through
/// `deliver`. Each idle source holds a reference to this object until it has run, so a source
/// can never outlive what it calls (tests run several daemons in one process).
///
/// Popup ids belong to the server that gave them. Servers number their popups from 1 again when
/// they restart, so kitd follows the owner of `org.freedesktop.Notifications` (NameOwnerChanged)
/// and reads ActionInvoked and NotificationClosed itself, by the pair (owner, id): a signal from
/// another connection, or for an id this owner did not give kitd, is reported as ignored. When
/// the owner changes, every popup of the old one is forgotten and reported (`.serverChanged`), so
/// that the loop shows again those that still matter. libnotify shows and updates popups; its own
/// action callbacks do nothing (it matches ids without asking which server gave them).
///
/// Sounds: a server with the `sound` capability gets the popup's sound as a hint and plays it;
/// for one without, or when no server answers, the popup's sound goes to `sounds`, which plays
/// it through libcanberra (`SoundRoute`). So the alarm is heard once, with or without a server.
final class LibNotifyThread: @unchecked Sendable {
    private let appName: String
    private let deliver: @Sendable (PopupOutcome) -> Void
    private let sounds: SoundPlayer
    /// What the loop asked of the notification thread, in order.
    enum Request: Sendable {
        case show(Popup)
        /// Close the popup with this subject text, if one is on screen.
        case withdraw(String)
        /// Close these popups, which the last kitd got from `owner`, if `owner` is still the
        /// server: they have no kitd left to answer their buttons.
        case closeOld(ids: [UInt32], owner: String)
    }

    private let queue = Mutex<[Request]>([])
    private let finished = DispatchSemaphore(value: 0)
    private let monotonic: @Sendable () -> BootTime

    /// This thread's GLib main context: its own, not the process-wide default one.
    private let context: OpaquePointer = g_main_context_new()
    // Touched only on the GLib thread.
    private var mainLoop: OpaquePointer?
    private var capabilities: Set<String>?
    private var live: [String: Shown] = [:]
    /// The subject text of each id the current owner gave kitd.
    private var byID: [UInt32: String] = [:]
    /// The unique name that owns `org.freedesktop.Notifications`, as last heard; nil for none.
    private var owner: String?
    private var bus: NotificationBus?
    /// A context of its own for a second NameOwnerChanged subscription, dispatched around each
    /// show: a change the bus announced before the server answered is taken in before the id is
    /// recorded, not after (when it would seem to come from the old server).
    private let ownerContext: OpaquePointer = g_main_context_new()
    private var unresponsiveUntil: BootTime?

    /// A popup the server holds: its libnotify object, its subject, and the server's id for it.
    private struct Shown {
        var notification: UnsafeMutablePointer<NotifyNotification>
        var subject: any PopupSubject
        /// The keys of its buttons: a key it does not carry is no press on it.
        var actionKeys: Set<String>
        /// 0 until the server has answered the first show.
        var id: UInt32 = 0
    }

    /// The desktop entry `make install` installs: `kit.desktop`.
    static let desktopEntry = "kit"

    /// After a server fails to answer in time, popups are skipped for this long instead of each
    /// waiting out the D-Bus timeout.
    static let unresponsiveHoldOff: Nanoseconds = 30 * Nanoseconds.second

    init(
        appName: String, sounds: SoundPlayer, monotonic: @escaping @Sendable () -> BootTime,
        deliver: @escaping @Sendable (PopupOutcome) -> Void
    ) {
        self.appName = appName
        self.sounds = sounds
        self.monotonic = monotonic
        self.deliver = deliver
    }

    func start() {
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            kit_route_libnotify_log(libnotifyLogTrampoline, Unmanaged.passUnretained(self).toOpaque())
            // libnotify's D-Bus proxy, made on first use on this thread, delivers its signals
            // (actions, closed) to the thread-default context: this one.
            g_main_context_push_thread_default(context)
            notify_init(appName)
            mainLoop = g_main_loop_new(context, 0)
            ready.signal()
            // After READY: requests posted meanwhile wait in the context until the loop runs.
            watchServer()
            g_main_loop_run(mainLoop)
            bus = nil
            g_main_loop_unref(mainLoop)
            g_main_context_pop_thread_default(context)
            // No notify_uninit(): it would close popups still on screen.
            finished.signal()
        }
        thread.name = "kit-notify"
        thread.start()
        ready.wait()
    }

    /// Queues a request; safe from any thread.
    func post(_ request: Request) {
        queue.withLock { $0.append(request) }
        schedule(drainTrampoline, priority: G_PRIORITY_DEFAULT)
    }

    /// Stops the GLib loop and waits (at most `timeout` seconds) for the thread to end. A show
    /// stuck on a hung server is abandoned: the process is exiting anyway.
    func stop(timeout: Double = 1) {
        schedule(quitTrampoline, priority: G_PRIORITY_HIGH)
        _ = finished.wait(timeout: .now() + timeout)
    }

    /// Follows the server's name owner and signals (`NotificationBus`), reads the owner now, and
    /// reports it (`.serverAtStart`). Without a session bus, reports no owner.
    private func watchServer() {
        bus = NotificationBus(
            ownerContext: ownerContext,
            handlers: .init(
                ownerChanged: { [unowned self] in ownerChanged(from: $0, to: $1) },
                actionInvoked: { [unowned self] in actionInvoked(sender: $0, id: $1, key: $2) },
                notificationClosed: { [unowned self] in notificationClosed(sender: $0, id: $1) }))
        // Read after subscribing: a change in between comes as a signal whose old owner is not
        // this one, and is passed over.
        owner = bus?.owner()
        deliver(.serverAtStart(owner: owner))
    }

    /// Takes in the owner changes the bus announced so far, before a popup's id is used.
    private func catchUpWithOwner() {
        while g_main_context_iteration(ownerContext, 0) != 0 {}
    }

    /// Runs `function` once on the GLib thread; the source keeps this object alive until then.
    private func schedule(_ function: GSourceFunc, priority: Int32) {
        let source = g_idle_source_new()
        g_source_set_priority(source, priority)
        g_source_set_callback(source, function, Unmanaged.passRetained(self).toOpaque(), releaseTrampoline)
        g_source_attach(source, context)
        g_source_unref(source)
    }

    // MARK: GLib thread

    fileprivate func drain() {
        while let request = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            switch request {
            case .show(let popup): show(popup)
            case .withdraw(let key): withdraw(key)
            case .closeOld(let ids, let owner): closeOld(ids, of: owner)
            }
        }
    }

    fileprivate func quit() { g_main_loop_quit(mainLoop) }

    private func show(_ popup: Popup) {
        if let until = unresponsiveUntil, monotonic() < until {
            // No popup, but the alarm is still heard.
            playItself(popup)
            deliver(
                .failed(
                    subject: popup.subject, summary: popup.summary,
                    reason: "the notification server did not answer recently; popup skipped",
                    latency: monotonic() - popup.requestedAt, serverMissing: false))
            return
        }
        let caps = serverCapabilities()
        let route = popup.sound.map { SoundRoute($0, serverCapabilities: caps) }
        // Started before the popup, so the sound does not wait for the server's answer.
        if route == .kit { playItself(popup) }
        var summary = popup.summary
        let plainBody =
            !caps.contains("actions") && !popup.actions.isEmpty ? popup.bodyWithoutActions ?? popup.body : popup.body
        var body = caps.contains("body-markup") ? Self.escapeMarkup(plainBody) : plainBody
        if !caps.isEmpty && !caps.contains("body"), let firstLine = plainBody.split(separator: "\n").first {
            summary += " — " + firstLine
            body = ""
        }

        let key = popup.subject.text
        catchUpWithOwner()
        let notification: UnsafeMutablePointer<NotifyNotification>
        if let existing = live[key] {
            // The same server's popup, updated in place (its id goes as `replaces_id`).
            notify_notification_update(existing.notification, summary, body, popup.icon)
            notify_notification_clear_hints(existing.notification)
            notify_notification_clear_actions(existing.notification)
            live[key]?.subject = popup.subject
            live[key]?.actionKeys = Set(popup.actions.map(\.key))
            notification = existing.notification
        } else {
            notification = notify_notification_new(summary, body, popup.icon)
            live[key] = Shown(
                notification: notification, subject: popup.subject, actionKeys: Set(popup.actions.map(\.key)))
        }
        notify_notification_set_app_name(notification, appName)
        // The installed kit.desktop, by which servers that group or filter by application find
        // kit's name and icon.
        notify_notification_set_hint_string(notification, "desktop-entry", Self.desktopEntry)
        notify_notification_set_urgency(notification, NotifyUrgency(UInt32(popup.urgency.rawValue)))
        notify_notification_set_timeout(notification, popup.timeoutMilliseconds)
        if let category = popup.category { notify_notification_set_category(notification, category) }
        if let sound = popup.sound { setSoundHints(notification, sound, route: route, caps: caps) }
        if caps.contains("actions") {
            // The keys go to the server; what comes back is read from ActionInvoked here, by id.
            for action in popup.actions {
                notify_notification_add_action(
                    notification, action.key, action.label, ignoredActionTrampoline, nil, nil)
            }
        }

        var error: UnsafeMutablePointer<GError>?
        let ok = notify_notification_show(notification, &error) != 0
        let latency = monotonic() - popup.requestedAt
        // A new owner announced before the answer: the popups before it were the old server's.
        catchUpWithOwner()
        if ok, live[key] != nil {
            unresponsiveUntil = nil
            let id = UInt32(max(0, kit_notification_server_id(notification)))
            if let old = live[key]?.id, old != id { byID[old] = nil }
            live[key]?.id = id
            byID[id] = key
            deliver(
                .shown(subject: popup.subject, summary: popup.summary, serverID: id, server: owner, latency: latency))
        } else if ok {
            // The server changed while it answered: which one took it is not known, and the loop
            // shows it again (`ownerChanged` reported it).
            unresponsiveUntil = nil
            deliver(.shown(subject: popup.subject, summary: popup.summary, serverID: 0, server: nil, latency: latency))
        } else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            // Anything but a timeout means no server could be reached: none owns the name, or
            // there is no session bus at all.
            let timedOut = kit_error_is_timeout(error) != 0
            let missing = !timedOut
            if timedOut { unresponsiveUntil = monotonic() + Self.unresponsiveHoldOff }
            if let error { g_error_free(error) }
            capabilities = nil  // ask again next time: the server may have changed
            forget(key)
            // The server that was to play the sound did not take the popup.
            if route == .server { playItself(popup) }
            deliver(
                .failed(
                    subject: popup.subject, summary: popup.summary, reason: reason, latency: latency,
                    serverMissing: missing))
        }
    }

    /// The sound hints for a server that plays sounds: which sound, or none at all.
    private func setSoundHints(
        _ notification: UnsafeMutablePointer<NotifyNotification>, _ sound: PopupSound, route: SoundRoute?,
        caps: Set<String>
    ) {
        switch (route, sound.choice) {
        case (.server, .theme(let name)):
            notify_notification_set_hint_string(notification, "sound-name", name)
        case (.server, .file(let path)):
            notify_notification_set_hint_string(notification, "sound-file", path)
        case (.silent, _) where caps.contains("sound"):
            notify_notification_set_hint(notification, "suppress-sound", g_variant_new_boolean(1))
        default:
            break
        }
    }

    /// Hands the popup's sound to the sound thread, unless it is silent.
    private func playItself(_ popup: Popup) {
        guard let sound = popup.sound, sound.choice != .off else { return }
        sounds.play(sound, for: popup.subject, description: popup.summary, requestedAt: popup.requestedAt)
    }

    private func serverCapabilities() -> Set<String> {
        if let capabilities { return capabilities }
        var names: [String] = []
        var list = notify_get_server_caps()
        let head = list
        while let node = list {
            if let data = node.pointee.data { names.append(String(cString: data.assumingMemoryBound(to: CChar.self))) }
            list = node.pointee.next
        }
        g_list_free_full(head, g_free)
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var spec: UnsafeMutablePointer<CChar>?
        var serverName: String?
        if notify_get_server_info(&name, &vendor, &version, &spec) != 0 {
            serverName = [name, version].compactMap { $0.map { String(cString: $0) } }.joined(separator: " ")
            g_free(name)
            g_free(vendor)
            g_free(version)
            g_free(spec)
        }
        if !names.isEmpty || serverName != nil {
            capabilities = Set(names)
            deliver(.server(name: serverName, capabilities: names.sorted()))
        }
        return Set(names)
    }

    /// `CloseNotification` for the popup under `key`, if kitd showed one that is still open.
    /// It is forgotten first, so the server's "closed" signal finds nothing to report.
    private func withdraw(_ key: String) {
        guard let shown = live[key] else { return }
        g_object_ref(shown.notification)
        forget(key)
        var error: UnsafeMutablePointer<GError>?
        if notify_notification_close(shown.notification, &error) == 0, let error { g_error_free(error) }
        g_object_unref(shown.notification)
        deliver(.closed(subject: shown.subject, serverID: shown.id, server: owner))
    }

    /// Closes popups the last kitd got from `server`, if it still owns the name: a new owner
    /// would take the ids for its own popups.
    private func closeOld(_ ids: [UInt32], of server: String) {
        catchUpWithOwner()
        guard let bus, server == owner else { return }
        for id in ids where byID[id] == nil { _ = bus.close(id, on: server) }
    }

    /// NameOwnerChanged: taken only when it starts from the owner kitd knows, so a change heard
    /// twice (two subscriptions) or already read is passed over. The old server's popups are
    /// forgotten, and reported, so that the loop shows again those that still matter.
    private func ownerChanged(from old: String?, to new: String?) {
        guard old == owner, new != owner else { return }
        owner = new
        // One on its way too: which server took it is not known, so it is shown again.
        let dropped = live.values.map(\.subject)
        for shown in live.values { g_object_unref(shown.notification) }
        live.removeAll()
        byID.removeAll()
        capabilities = nil
        unresponsiveUntil = nil
        deliver(.serverChanged(ServerChange(previous: old, current: new, dropped: dropped)))
    }

    /// ActionInvoked from `sender`: the popup is looked up by id among those the current owner
    /// gave kitd; anything else is reported as ignored.
    private func actionInvoked(sender: String?, id: UInt32, key: String) {
        catchUpWithOwner()
        guard let shown = popup(id, from: sender) else {
            deliver(.ignored(serverID: id, action: String(key.prefix(64)), reason: ignoredReason(sender)))
            return
        }
        guard shown.actionKeys.contains(key) else {
            deliver(
                .ignored(
                    serverID: id, action: String(key.prefix(64)),
                    reason: "the popup \(shown.subject.text) has no such button"))
            return
        }
        deliver(.action(subject: shown.subject, key: key))
    }

    /// NotificationClosed from `sender`: the popup is gone from the screen. A server that sends
    /// its signals to every client sends one for every other program's popup too:
    /// an id of the server's own that kitd did not get is not kitd's business, and is passed over
    /// without waking the loop.
    private func notificationClosed(sender: String?, id: UInt32) {
        catchUpWithOwner()
        guard let shown = popup(id, from: sender), let key = byID[id] else {
            if sender == nil || sender != owner {
                deliver(.ignored(serverID: id, action: nil, reason: ignoredReason(sender)))
            }
            return
        }
        forget(key)
        deliver(.closed(subject: shown.subject, serverID: id, server: owner))
    }

    private func popup(_ id: UInt32, from sender: String?) -> Shown? {
        guard sender != nil, sender == owner, let key = byID[id], let shown = live[key], shown.id == id else {
            return nil
        }
        return shown
    }

    private func ignoredReason(_ sender: String?) -> String {
        sender == nil || sender != owner
            ? "from \(sender ?? "an unknown sender"), not the notification server kitd shows its popups on (\(owner ?? "none"))"
            : "the server did not give kitd this id, or the popup was closed"
    }

    fileprivate func libnotifyMessage(_ text: String) { deliver(.diagnostic(text)) }

    /// Drops the popup shown under `key` (a subject's text).
    private func forget(_ key: String) {
        guard let shown = live.removeValue(forKey: key) else { return }
        if shown.id != 0, byID[shown.id] == key { byID[shown.id] = nil }
        g_object_unref(shown.notification)
    }

    static func escapeMarkup(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

private func libnotifyLogTrampoline(
    _ domain: UnsafePointer<CChar>?, _ level: GLogLevelFlags, _ message: UnsafePointer<CChar>?, _ data: gpointer?
) {
    let text = message.map { String(cString: $0) } ?? ""
    Unmanaged<LibNotifyThread>.fromOpaque(data!).takeUnretainedValue().libnotifyMessage(text)
}

private func drainTrampoline(_ data: gpointer?) -> gboolean {
    Unmanaged<LibNotifyThread>.fromOpaque(data!).takeUnretainedValue().drain()
    return 0  // G_SOURCE_REMOVE
}

private func releaseTrampoline(_ data: gpointer?) {
    Unmanaged<LibNotifyThread>.fromOpaque(data!).release()
}

private func quitTrampoline(_ data: gpointer?) -> gboolean {
    Unmanaged<LibNotifyThread>.fromOpaque(data!).takeUnretainedValue().quit()
    return 0
}

/// libnotify's own action callback: the press is read from ActionInvoked instead, by (owner, id).
private func ignoredActionTrampoline(
    _ notification: UnsafeMutablePointer<NotifyNotification>?, _ action: UnsafeMutablePointer<CChar>?, _ data: gpointer?
) {}
