#!/usr/bin/python3
"""A StatusNotifierWatcher for tests: owns org.kde.StatusNotifierWatcher on the bus in
$DBUS_SESSION_BUS_ADDRESS, says it has a host, and prints one line per item that registers:
`registered SERVICE SENDER`. It is what a panel's tray runs (KDE Plasma, waybar), without the
panel. With --never-answer it takes each registration and never replies (printing `asked
SERVICE`): a panel that hangs. Run with Debian's python3 (python3-dbus, python3-gi)."""

import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.kde.StatusNotifierWatcher"


class Watcher(dbus.service.Object):
    def __init__(self, bus, answer):
        super().__init__(bus, "/StatusNotifierWatcher")
        self.items = []
        self.answer = answer
        self.unanswered = []

    @dbus.service.method(NAME, in_signature="s", out_signature="", sender_keyword="sender",
                         async_callbacks=("reply", "fail"))
    def RegisterStatusNotifierItem(self, service, sender=None, reply=None, fail=None):
        if not self.answer:
            self.unanswered.append(reply)
            print("asked", service, flush=True)
            return
        self.items.append(service)
        print("registered", service, sender, flush=True)
        self.StatusNotifierItemRegistered(service)
        reply()

    @dbus.service.method(NAME, in_signature="s", out_signature="")
    def RegisterStatusNotifierHost(self, service):
        pass

    @dbus.service.signal(NAME, signature="s")
    def StatusNotifierItemRegistered(self, service):
        pass

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        return self.GetAll(interface)[prop]

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return {
            "RegisteredStatusNotifierItems": dbus.Array(self.items, signature="s"),
            "IsStatusNotifierHostRegistered": dbus.Boolean(True),
            "ProtocolVersion": dbus.Int32(0),
        }


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    watcher = Watcher(bus, answer="--never-answer" not in sys.argv)
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    print("watching", flush=True)
    GLib.MainLoop().run()
    del name, watcher


if __name__ == "__main__":
    sys.exit(main())
