#ifndef KIT_CGIO_SHIM_H
#define KIT_CGIO_SHIM_H

#include <gio/gio.h>

/* The bus calls and signal arguments kit reads itself, past libnotify: which connection owns the
 * server's name, CloseNotification by a raw id, and the arguments of the server's signals. The
 * GVariant calls are variadic; each reader checks the type first, since a peer on the bus may
 * send anything. */
#define KIT_NOTIFY_NAME "org.freedesktop.Notifications"
#define KIT_NOTIFY_PATH "/org/freedesktop/Notifications"

/* The unique name that owns org.freedesktop.Notifications now, or NULL for none (g_free it). */
static inline gchar *kit_notification_server_owner(GDBusConnection *bus) {
    GVariant *reply = g_dbus_connection_call_sync(
        bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
        g_variant_new("(s)", KIT_NOTIFY_NAME), G_VARIANT_TYPE("(s)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, NULL);
    if (reply == NULL) return NULL;
    gchar *owner = NULL;
    g_variant_get(reply, "(s)", &owner);
    g_variant_unref(reply);
    return owner;
}

/* CloseNotification(id), sent to `owner` (a unique name) so that it reaches only that server. */
static inline gboolean kit_close_notification_id(GDBusConnection *bus, const gchar *owner, guint32 id) {
    GVariant *reply = g_dbus_connection_call_sync(
        bus, owner, KIT_NOTIFY_PATH, KIT_NOTIFY_NAME, "CloseNotification", g_variant_new("(u)", id), NULL,
        G_DBUS_CALL_FLAGS_NONE, 2000, NULL, NULL);
    if (reply == NULL) return FALSE;
    g_variant_unref(reply);
    return TRUE;
}

static inline guint kit_subscribe_signal(GDBusConnection *bus, const gchar *sender, const gchar *interface,
                                         const gchar *member, const gchar *path, const gchar *arg0,
                                         GDBusSignalCallback callback, gpointer data) {
    return g_dbus_connection_signal_subscribe(bus, sender, interface, member, path, arg0, G_DBUS_SIGNAL_FLAGS_NONE,
                                              callback, data, NULL);
}

/* NameOwnerChanged's (name, old owner, new owner); FALSE for any other shape. */
static inline gboolean kit_read_owner_changed(GVariant *args, const gchar **name, const gchar **old_owner,
                                              const gchar **new_owner) {
    if (!g_variant_is_of_type(args, G_VARIANT_TYPE("(sss)"))) return FALSE;
    g_variant_get(args, "(&s&s&s)", name, old_owner, new_owner);
    return TRUE;
}

/* ActionInvoked's (id, action key); FALSE for any other shape. */
static inline gboolean kit_read_action_invoked(GVariant *args, guint32 *id, const gchar **key) {
    if (!g_variant_is_of_type(args, G_VARIANT_TYPE("(us)"))) return FALSE;
    g_variant_get(args, "(u&s)", id, key);
    return TRUE;
}

/* NotificationClosed's (id, reason); FALSE for any other shape. */
static inline gboolean kit_read_notification_closed(GVariant *args, guint32 *id, guint32 *reason) {
    if (!g_variant_is_of_type(args, G_VARIANT_TYPE("(uu)"))) return FALSE;
    g_variant_get(args, "(uu)", id, reason);
    return TRUE;
}

#endif
