#ifndef KIT_CSDBUS_SHIM_H
#define KIT_CSDBUS_SHIM_H

/* sd-bus, the D-Bus client of libsystemd: kitd's StatusNotifierItem and its menu on the session
 * bus, dispatched by the same sd-event loop as everything else. Only the calls that take no
 * variadic arguments are used; Swift cannot call the others. */
#include <systemd/sd-bus.h>
#include <errno.h>

#endif
