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
        case (Self.itemInterface, "Activate"), (Self.itemInterface, "SecondaryActivate"):
            summarize(summary, clock.now())
            return []
        case (Self.itemInterface, "ContextMenu"), (Self.itemInterface, "Scroll"):
            return []
        default:
            return try Self.standard(call, Self.itemInterface, itemProperties, Self.itemInterfaceXML)
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

    static let itemInterfaceXML = """
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
        """
}
