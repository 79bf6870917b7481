#ifndef KIT_CLIBNOTIFY_SHIM_H
#define KIT_CLIBNOTIFY_SHIM_H

#include <libnotify/notify.h>
#include <gio/gio.h>

/* The server's id for a shown notification: only reachable through the variadic g_object_get. */
static inline gint kit_notification_server_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return id;
}

/* Routes GLib messages of the "libnotify" domain to `handler`, instead of GLib's default
 * handler printing them to stderr in its own format. */
static inline void kit_route_libnotify_log(GLogFunc handler, gpointer data) {
    g_log_set_handler("libnotify", (GLogLevelFlags)(G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION),
                      handler, data);
}

static inline gboolean kit_error_is_timeout(const GError *error) {
    return error != NULL && g_error_matches(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
}


#endif
