import KitCore
import KitLocalization

/// The StatusNotifierItem object: its properties (read by the host with `Properties.Get` and
/// `GetAll`), its methods and its signals.
extension Tray {
    static let itemInterface = "org.kde.StatusNotifierItem"

    /// `org.kde.StatusNotifierItem`, `org.freedesktop.DBus.Properties` and `Introspectable` calls
    /// to `/StatusNotifierItem`.
    func item(_ call: BusCall) throws(BusFailure) -> [BusValue]? {
        switch (call.interface, call.member) {
        case ("org.freedesktop.DBus.Properties", "Get"):
            guard call.arguments.count == 2, let property = call.arguments[1].string else {
                throw .invalidArgs("Get takes an interface and a property")
            }
            guard call.arguments[0].string == Self.itemInterface, let value = itemProperties[property] else {
                throw .unknownProperty(property)
            }
            return [.variant(value)]
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            guard call.arguments.first?.string == Self.itemInterface else { return [.properties([])] }
            return [.properties(itemProperties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })]
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            return [.string(Self.itemIntrospection)]
        case (Self.itemInterface, "Activate"), (Self.itemInterface, "SecondaryActivate"):
            summarize(summary, clock.now())
            return []
        case (Self.itemInterface, "ContextMenu"), (Self.itemInterface, "Scroll"):
            return []
        default:
            return nil
        }
    }

    /// What runs and when it ends, and what is next, a line each; a line that says so when
    /// nothing does.
    var summary: [String] { menu.summary.isEmpty ? [Localized.text("Nothing runs.")] : menu.summary }

    var title: String { "kit" }

    var label: String { menu.soonest?.label ?? "" }

    var itemProperties: [String: BusValue] {
        let pixmaps = BusValue.array(element: "(iiay)", TrayIcon.pixmaps.map(\.busValue))
        return [
            "Category": .string("ApplicationStatus"),
            "Id": .string("kit"),
            "Title": .string(title),
            "Status": .string("Active"),
            "WindowId": .int32(0),
            "IconName": .string("kit"),
            "IconThemePath": .string(""),
            "IconPixmap": pixmaps,
            "OverlayIconName": .string(""),
            "OverlayIconPixmap": .array(element: "(iiay)", []),
            "AttentionIconName": .string(""),
            "AttentionIconPixmap": .array(element: "(iiay)", []),
            "AttentionMovieName": .string(""),
            "ToolTip": .structure([
                .string("kit"), .array(element: "(iiay)", []), .string(title), .string(summary.joined(separator: "\n")),
            ]),
            "ItemIsMenu": .bool(false),
            "Menu": .objectPath(Self.menuPath),
            "XAyatanaLabel": .string(label),
            "XAyatanaLabelGuide": .string(""),
        ]
    }

    /// The `New*` signals, and `PropertiesChanged` with them, for what changed since `old`.
    func announceItemChanges(from old: TrayMenu) {
        var changed: [(String, BusValue)] = []
        let properties = itemProperties
        // The tooltip says when things end, not how long is left: it changes when they do, and a
        // host does not read the item's properties (its icon's pixels too) again every second.
        if old.summary != menu.summary {
            bus.emit(path: Self.itemPath, interface: Self.itemInterface, member: "NewToolTip", [])
            changed.append(("ToolTip", properties["ToolTip"]!))
        }
        if old.soonest?.label != menu.soonest?.label {
            bus.emit(
                path: Self.itemPath, interface: Self.itemInterface, member: "XAyatanaNewLabel",
                [.string(label), .string("")])
            changed.append(("XAyatanaLabel", .string(label)))
        }
        guard !changed.isEmpty else { return }
        bus.emit(
            path: Self.itemPath, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
            [.string(Self.itemInterface), .properties(changed), .array(element: "s", [])])
    }

    static let itemIntrospection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.kde.StatusNotifierItem">
            <property name="Category" type="s" access="read"/>
            <property name="Id" type="s" access="read"/>
            <property name="Title" type="s" access="read"/>
            <property name="Status" type="s" access="read"/>
            <property name="WindowId" type="i" access="read"/>
            <property name="IconName" type="s" access="read"/>
            <property name="IconThemePath" type="s" access="read"/>
            <property name="IconPixmap" type="a(iiay)" access="read"/>
            <property name="OverlayIconName" type="s" access="read"/>
            <property name="OverlayIconPixmap" type="a(iiay)" access="read"/>
            <property name="AttentionIconName" type="s" access="read"/>
            <property name="AttentionIconPixmap" type="a(iiay)" access="read"/>
            <property name="AttentionMovieName" type="s" access="read"/>
            <property name="ToolTip" type="(sa(iiay)ss)" access="read"/>
            <property name="ItemIsMenu" type="b" access="read"/>
            <property name="Menu" type="o" access="read"/>
            <property name="XAyatanaLabel" type="s" access="read"/>
            <property name="XAyatanaLabelGuide" type="s" access="read"/>
            <method name="Activate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
            <method name="SecondaryActivate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
            <method name="ContextMenu"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
            <method name="Scroll"><arg name="delta" type="i" direction="in"/><arg name="orientation" type="s" direction="in"/></method>
            <signal name="NewTitle"/>
            <signal name="NewIcon"/>
            <signal name="NewAttentionIcon"/>
            <signal name="NewOverlayIcon"/>
            <signal name="NewToolTip"/>
            <signal name="NewStatus"><arg name="status" type="s"/></signal>
            <signal name="XAyatanaNewLabel"><arg name="label" type="s"/><arg name="guide" type="s"/></signal>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
            <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
            <signal name="PropertiesChanged"><arg type="s"/><arg type="a{sv}"/><arg type="as"/></signal>
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect"><arg type="s" direction="out"/></method>
          </interface>
        </node>
        """
}
