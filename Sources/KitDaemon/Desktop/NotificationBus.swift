import CGio

/// The notification server as the session bus sees it, for what libnotify does not say: which
/// connection owns `org.freedesktop.Notifications` now (NameOwnerChanged), the server's
/// ActionInvoked and NotificationClosed with the unique name that sent them, and
/// CloseNotification by a raw id. The only file that imports CGio.
///
/// It lives on the notification thread: its signals come to the GLib main context that is the
/// thread's default when it is made, and NameOwnerChanged also to `ownerContext`, which the
/// thread dispatches around each show (`LibNotifyThread.catchUpWithOwner`). It hands each signal
/// to `Handlers` as plain values; what they mean is the thread's business.
final class NotificationBus {
    struct Handlers {
        /// The name changed hands: old and new unique names, nil for none.
        var ownerChanged: (_ old: String?, _ new: String?) -> Void
        var actionInvoked: (_ sender: String?, _ id: UInt32, _ key: String) -> Void
        var notificationClosed: (_ sender: String?, _ id: UInt32) -> Void
    }

    private let connection: OpaquePointer
    fileprivate let handlers: Handlers
    private var subscriptions: [guint] = []

    /// Subscribes on the session bus; nil when there is none to connect to.
    init?(ownerContext: OpaquePointer, handlers: Handlers) {
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        self.connection = connection
        self.handlers = handlers
        let me = Unmanaged.passUnretained(self).toOpaque()
        subscriptions.append(
            kit_subscribe_signal(
                connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged",
                "/org/freedesktop/DBus", KIT_NOTIFY_NAME, ownerChangedTrampoline, me))
        // Any sender: the thread checks each signal's sender against the owner it knows.
        subscriptions.append(
            kit_subscribe_signal(
                connection, nil, KIT_NOTIFY_NAME, "ActionInvoked", KIT_NOTIFY_PATH, nil, actionInvokedTrampoline, me))
        subscriptions.append(
            kit_subscribe_signal(
                connection, nil, KIT_NOTIFY_NAME, "NotificationClosed", KIT_NOTIFY_PATH, nil,
                notificationClosedTrampoline, me))
        g_main_context_push_thread_default(ownerContext)
        subscriptions.append(
            kit_subscribe_signal(
                connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged",
                "/org/freedesktop/DBus", KIT_NOTIFY_NAME, ownerChangedTrampoline, me))
        g_main_context_pop_thread_default(ownerContext)
    }

    /// Nothing calls back into this object once it is gone: the thread's contexts are not run
    /// again after it, so what they still hold is never dispatched.
    deinit {
        for id in subscriptions { g_dbus_connection_signal_unsubscribe(connection, id) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// The unique name that owns the server's name now (GetNameOwner), or nil for none.
    func owner() -> String? {
        guard let name = kit_notification_server_owner(connection) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// CloseNotification(`id`), sent to `server` (a unique name), so that it reaches only that
    /// server; false when it did not answer.
    func close(_ id: UInt32, on server: String) -> Bool { kit_close_notification_id(connection, server, id) != 0 }
}

private func name(_ text: UnsafePointer<CChar>?) -> String? {
    guard let text, text.pointee != 0 else { return nil }
    return String(cString: text)
}

private func bus(_ data: gpointer?) -> NotificationBus { Unmanaged.fromOpaque(data!).takeUnretainedValue() }

private func ownerChangedTrampoline(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?,
    _ interface: UnsafePointer<CChar>?, _ member: UnsafePointer<CChar>?, _ args: OpaquePointer?, _ data: gpointer?
) {
    var changed: UnsafePointer<CChar>?
    var old: UnsafePointer<CChar>?
    var new: UnsafePointer<CChar>?
    guard let args, kit_read_owner_changed(args, &changed, &old, &new) != 0, name(changed) == KIT_NOTIFY_NAME else {
        return
    }
    bus(data).handlers.ownerChanged(name(old), name(new))
}

private func actionInvokedTrampoline(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?,
    _ interface: UnsafePointer<CChar>?, _ member: UnsafePointer<CChar>?, _ args: OpaquePointer?, _ data: gpointer?
) {
    var id: UInt32 = 0
    var key: UnsafePointer<CChar>?
    guard let args, kit_read_action_invoked(args, &id, &key) != 0 else { return }
    bus(data).handlers.actionInvoked(name(sender), id, key.map { String(cString: $0) } ?? "")
}

private func notificationClosedTrampoline(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?,
    _ interface: UnsafePointer<CChar>?, _ member: UnsafePointer<CChar>?, _ args: OpaquePointer?, _ data: gpointer?
) {
    var id: UInt32 = 0
    var reason: UInt32 = 0
    guard let args, kit_read_notification_closed(args, &id, &reason) != 0 else { return }
    bus(data).handlers.notificationClosed(name(sender), id)
}
