import Glibc
import KitCore
import KitLocalization
import Logging

/// kit in the panel: a StatusNotifierItem (`org.kde.StatusNotifierItem`, at `/StatusNotifierItem`)
/// with a menu over `com.canonical.dbusmenu` (at `/MenuBar`), registered with the panel's
/// `org.kde.StatusNotifierWatcher` on the session bus (KDE Plasma, GNOME's AppIndicator
/// extension, XFCE, waybar, swaybar).
///
/// It costs nothing while no watcher is on the bus: kitd only listens for one to appear. When one
/// does, kitd owns `org.kde.StatusNotifierItem-PID-1`, exports both objects and registers; when
/// the watcher's owner changes (a panel restart), it registers again. What it shows is gathered
/// from the features (`Feature.tray(into:now:)`) whenever an event says something changed, and,
/// while a countdown runs, once a second, on the second it shows. Its menu's ids follow each
/// item's key, so a click on a menu built a moment ago still reaches the same timer, or nothing.
final class Tray {
    static let itemPath = "/StatusNotifierItem"
    static let menuPath = "/MenuBar"
    static let watcherName = "org.kde.StatusNotifierWatcher"
    /// How long a call to the bus may take before kitd gives up on it.
    static let callTimeout: UInt64 = 5_000_000

    let bus: SessionBus
    let clock: any DaemonClock
    let logger: Logger
    /// What the tray shows now, from the features.
    let gather: (ClockReading) -> TrayMenu
    /// Shows `Activate`'s summary as a popup.
    let summarize: ([String], ClockReading) -> Void
    /// Runs a clicked item's action, then commits the turn, then `after`.
    let act: (() throws -> Void, _ after: @escaping () -> Void) throws -> Void
    /// The bus name the item is registered under.
    let name: String

    private var watcherSlot: BusSlot?
    private var ownerCall: BusSlot?
    private var nameRequest: BusSlot?
    private var registerCall: BusSlot?
    private var objects: [BusSlot] = []
    private var refreshSource: DeferSource?
    private var tickSource: TimerSource?

    /// The menu as last sent, and its layout's revision.
    private(set) var menu = TrayMenu()
    private(set) var revision: UInt32 = 1
    /// Every key seen, with its menu id (0 is the root).
    private var ids: [String: Int32] = [:]
    private var nextID: Int32 = 1
    /// The items of the menu as last sent, by id, and the root's children.
    private(set) var items: [Int32: TrayEntry] = [:]
    private(set) var root: [TrayEntry] = []
    /// The shape last sent: each item's key, in order, with its parent's.
    private var shape: [String] = []
    /// Whether a host has the menu open (`opened` on the root, until `closed`), and when it
    /// last said so: a host that never says `closed` is taken to have closed it after
    /// `openFor`.
    private var menuOpen = false
    private var openedAt = BootTime(nanoseconds: 0)
    static let openFor = Nanoseconds.minute * 2

    /// Starts watching for a panel; nil when there is no session bus (kitd goes on without a
    /// tray, and says so at debug).
    static func start(
        loop: EventLoop, clock: any DaemonClock, logger: Logger, gather: @escaping (ClockReading) -> TrayMenu,
        summarize: @escaping ([String], ClockReading) -> Void,
        act: @escaping (() throws -> Void, _ after: @escaping () -> Void) throws -> Void
    ) -> Tray? {
        do {
            let bus = try loop.attach { event throws(SystemError) in
                try SessionBus(event: event, description: "kitd-tray")
            }
            let tray = Tray(bus: bus, clock: clock, logger: logger, gather: gather, summarize: summarize, act: act)
            try tray.watch(loop: loop)
            return tray
        } catch {
            logger.debug("no session bus, so no tray", metadata: ["error": "\(error)"])
            return nil
        }
    }

    private init(
        bus: SessionBus, clock: any DaemonClock, logger: Logger, gather: @escaping (ClockReading) -> TrayMenu,
        summarize: @escaping ([String], ClockReading) -> Void,
        act: @escaping (() throws -> Void, _ after: @escaping () -> Void) throws -> Void
    ) {
        self.bus = bus
        self.clock = clock
        self.logger = logger
        self.gather = gather
        self.summarize = summarize
        self.act = act
        name = "org.kde.StatusNotifierItem-\(getpid())-1"
    }

    /// Something may have changed what the tray shows: it is gathered again at the end of the turn.
    func changed() {
        guard !objects.isEmpty else { return }
        refreshSource?.trigger()
    }

    // MARK: The watcher

    private func watch(loop: EventLoop) throws(SystemError) {
        refreshSource = try loop.deferred(description: "tray", priority: EventLoop.Priority.flush + 2) {
            [unowned self] in refresh()
        }
        tickSource = try loop.timer(clock: .boot, description: "tray-tick") { [unowned self] _ in
            tickSource?.markFired()
            refresh()
        }
        watcherSlot = try bus.match(
            "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.watcherName)'"
        ) { [unowned self] values in
            let owner = values.count == 3 ? values[2].string ?? "" : ""
            if owner.isEmpty {
                logger.info("the tray's watcher left the bus", metadata: ["tray.watcher": "\(Self.watcherName)"])
            } else {
                appeared()
            }
        }
        ownerCall = try bus.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "NameHasOwner", [.string(Self.watcherName)], timeout: Self.callTimeout
        ) { [unowned self] result in
            ownerCall = nil
            if case .success(let values) = result, values.first == .bool(true) { appeared() }
        }
    }

    /// A watcher is on the bus: the first time, kitd exports its objects and takes its name;
    /// then it registers.
    private func appeared() {
        guard objects.isEmpty else { return register() }
        do {
            objects = [
                try bus.export(path: Self.itemPath) { [unowned self] call throws(BusFailure) in try item(call) },
                try bus.export(path: Self.menuPath) { [unowned self] call throws(BusFailure) in try menu(call) },
            ]
            refresh()
            nameRequest = try bus.requestName(name) { [unowned self] owned in
                nameRequest = nil
                if owned {
                    register()
                } else {
                    logger.warning("could not own the tray's bus name", metadata: ["tray.name": "\(name)"])
                }
            }
        } catch {
            logger.warning("could not put kit in the tray", metadata: ["error": "\(error)"])
        }
    }

    private func register() {
        do {
            registerCall = try bus.call(
                Self.watcherName, path: "/StatusNotifierWatcher", interface: Self.watcherName,
                member: "RegisterStatusNotifierItem", [.string(name)], timeout: Self.callTimeout
            ) { [unowned self] result in
                registerCall = nil
                switch result {
                case .success:
                    logger.info("kit is in the tray", metadata: ["tray.name": "\(name)"])
                case .failure(let failure):
                    logger.warning(
                        "the tray's watcher did not take kit's item",
                        metadata: ["error": "\(failure.name): \(failure.message)"])
                }
            }
        } catch {
            logger.warning("could not register kit's tray item", metadata: ["error": "\(error)"])
        }
    }

    // MARK: Keeping it current

    /// Gathers what the tray shows, and tells the hosts what changed: the layout's revision and
    /// `LayoutUpdated` when items came or went, `ItemsPropertiesUpdated` when only labels did,
    /// and the item's `New*` signals with `PropertiesChanged` when its title, tooltip or label did.
    func refresh() {
        refreshSource?.cancel()
        let now = clock.now()
        let old = menu
        let oldLabels = items.mapValues(\.label)
        menu = gather(now)
        root = Self.flattened(menu.sections)
        items = [:]
        var newShape: [String] = []
        number(root, parent: "", into: &newShape)
        forgetGoneKeys()
        if newShape != shape {
            shape = newShape
            revision += 1
            bus.emit(
                path: Self.menuPath, interface: "com.canonical.dbusmenu", member: "LayoutUpdated",
                [.uint32(revision), .int32(0)])
        } else {
            let updated = items.filter { oldLabels[$0.key] != $0.value.label }.sorted { $0.key < $1.key }
            if !updated.isEmpty {
                bus.emit(
                    path: Self.menuPath, interface: "com.canonical.dbusmenu", member: "ItemsPropertiesUpdated",
                    [
                        .array(
                            element: "(ia{sv})",
                            updated.map {
                                .structure([.int32($0.key), .properties([("label", .string($0.value.label))])])
                            }
                        ),
                        .array(element: "(ias)", []),
                    ])
            }
        }
        announceItemChanges(from: old)
        scheduleTick(now: now)
    }

    /// Once a second while the item's label counts down, or the open menu has times that move:
    /// on the second the soonest countdown shows. Not at all otherwise.
    private func scheduleTick(now: ClockReading) {
        let open = menuOpen && now.boot < openedAt + Self.openFor
        guard menu.soonest != nil || (open && menu.ticking), let tickSource else {
            tickSource?.disarm()
            return
        }
        let second = Nanoseconds.second.value
        let past = menu.soonest.map { $0.remaining.value % second } ?? 0
        let wait = past > 0 ? past : second
        tickSource.arm(atMicroseconds: UInt64((now.boot.nanoseconds + wait + 999) / 1000))
    }

    /// Separators between the sections.
    private static func flattened(_ sections: [[TrayEntry]]) -> [TrayEntry] {
        var flat: [TrayEntry] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { flat.append(TrayEntry.separator("separator.\(index)")) }
            flat += section
        }
        return flat
    }

    /// Gives each entry its id (kept per key) and notes the shape.
    private func number(_ entries: [TrayEntry], parent: String, into shape: inout [String]) {
        for entry in entries {
            let id = ids[entry.key] ?? nextID
            if ids[entry.key] == nil {
                ids[entry.key] = id
                nextID += 1
            }
            items[id] = entry
            shape.append(parent + "/" + entry.key)
            number(entry.children, parent: entry.key, into: &shape)
        }
    }

    /// Lets go of the ids of keys no longer in the menu once they outnumber it by `keptGone`: a
    /// click on one of them is then refused as an unknown item, which it is (ids are never
    /// given again).
    private func forgetGoneKeys() {
        guard ids.count > items.count + Self.keptGone else { return }
        ids = ids.filter { items[$0.value] != nil }
    }

    /// How many keys of items gone from the menu keep their ids (a timer cancelled a moment ago).
    static let keptGone = 512

    /// The menu id of `key`, nil when it is not in the menu now.
    func id(of key: String) -> Int32? { ids[key].flatMap { items[$0] != nil ? $0 : nil } }

    /// A host opens the menu (`opened` on the root, or `AboutToShow`): its times follow each
    /// second until it is closed.
    func opened() {
        openedAt = clock.now().boot
        guard !menuOpen else { return }
        menuOpen = true
        refresh()
    }

    /// Clicked, hovered, opened or closed: what a host says happened to an item.
    func event(_ id: Int32, _ type: String) throws(BusFailure) {
        guard id == 0 || items[id] != nil else { throw .invalidArgs("no menu item \(id)") }
        switch type {
        case "clicked":
            guard let action = items[id]?.action else { return }
            do {
                try act(action) { [weak self] in self?.refresh() }
            } catch {
                logger.info("a tray menu item was refused", metadata: ["tray.item": "\(id)", "error": "\(error)"])
                throw BusFailure(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")
            }
        case "opened":
            if id == 0 { opened() }
        case "closed":
            if id == 0 { menuOpen = false }
        case "hovered":
            break
        default:
            throw .invalidArgs("unknown event type '\(type.prefix(40))'; kit takes clicked, hovered, opened and closed")
        }
    }
}

extension Tray {
    /// What both objects answer alike: `Properties.Get` and `GetAll` of `interface` from
    /// `properties`, and `Introspect` with `xml` (the interface's element) and the two standard
    /// interfaces; nil for any other call (sd-bus answers `UnknownMethod`).
    static func standard(
        _ call: BusCall, _ interface: String, _ properties: [String: BusValue], _ xml: String
    ) throws(BusFailure) -> [BusValue]? {
        switch (call.interface, call.member) {
        case ("org.freedesktop.DBus.Properties", "Get"):
            guard call.arguments.count == 2, let property = call.arguments[1].string else {
                throw .invalidArgs("Get takes an interface and a property")
            }
            guard call.arguments[0].string == interface, let value = properties[property] else {
                throw .unknownProperty(property)
            }
            return [.variant(value)]
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            guard call.arguments.first?.string == interface else { return [.properties([])] }
            return [.properties(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })]
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            return [
                .string(
                    """
                    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
                     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
                    <node>
                    \(xml)
                      <interface name="org.freedesktop.DBus.Properties">
                        <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
                        <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
                        <signal name="PropertiesChanged"><arg type="s"/><arg type="a{sv}"/><arg type="as"/></signal>
                      </interface>
                      <interface name="org.freedesktop.DBus.Introspectable">
                        <method name="Introspect"><arg type="s" direction="out"/></method>
                      </interface>
                    </node>
                    """)
            ]
        default:
            return nil
        }
    }
}

extension TrayEntry {
    /// A line between sections.
    static func separator(_ key: String) -> TrayEntry {
        var entry = TrayEntry(key, "")
        entry.isSeparator = true
        return entry
    }
}
