/// The menu object, `com.canonical.dbusmenu` version 3: the layout as a tree of `(ia{sv}av)`,
/// items' properties, and the events a host sends when an item is clicked or the menu opens.
extension Tray {
    static let menuInterface = "com.canonical.dbusmenu"

    /// `com.canonical.dbusmenu`, `Properties` and `Introspectable` calls to `/MenuBar`.
    func menu(_ call: BusCall) throws(BusFailure) -> [BusValue]? {
        let arguments = call.arguments
        switch (call.interface, call.member) {
        case (Self.menuInterface, "GetLayout"):
            guard arguments.count == 3, let parent = arguments[0].int, let depth = arguments[1].int else {
                throw .invalidArgs("GetLayout takes a parent id, a depth and property names")
            }
            let names = Set(arguments[2].elements.compactMap(\.string))
            guard let layout = layout(Int32(truncatingIfNeeded: parent), depth: depth, names: names) else {
                throw .invalidArgs("no menu item \(parent)")
            }
            return [.uint32(revision), layout]
        case (Self.menuInterface, "GetGroupProperties"):
            guard arguments.count == 2 else { throw .invalidArgs("GetGroupProperties takes ids and property names") }
            let names = Set(arguments[1].elements.compactMap(\.string))
            let wanted = arguments[0].elements.compactMap(\.int).map { Int32(truncatingIfNeeded: $0) }
            let found = (wanted.isEmpty ? [0] + items.keys.sorted() : wanted).filter { $0 == 0 || items[$0] != nil }
            return [
                .array(
                    element: "(ia{sv})", found.map { .structure([.int32($0), .properties(properties(of: $0, names))]) })
            ]
        case (Self.menuInterface, "GetProperty"):
            guard arguments.count == 2, let id = arguments[0].int, let name = arguments[1].string,
                let value = properties(of: Int32(truncatingIfNeeded: id), [name]).first?.1
            else { throw .invalidArgs("no such menu item or property") }
            return [.variant(value)]
        case (Self.menuInterface, "Event"):
            guard arguments.count == 4, let id = arguments[0].int, let type = arguments[1].string else {
                throw .invalidArgs("Event takes an id, an event type, data and a timestamp")
            }
            try event(Int32(truncatingIfNeeded: id), type)
            return []
        case (Self.menuInterface, "EventGroup"):
            var missing: [BusValue] = []
            for event in arguments.first?.elements ?? [] {
                let members = event.elements
                guard members.count == 4, let id = members[0].int, let type = members[1].string else {
                    throw .invalidArgs("EventGroup takes (id, event type, data, timestamp) structures")
                }
                do throws(BusFailure) {
                    try self.event(Int32(truncatingIfNeeded: id), type)
                } catch  where error.name == "org.freedesktop.DBus.Error.InvalidArgs" {
                    missing.append(.int32(Int32(truncatingIfNeeded: id)))
                }
            }
            return [.array(element: "i", missing)]
        case (Self.menuInterface, "AboutToShow"):
            if arguments.first?.int == 0 { opened() }
            return [.bool(false)]
        case (Self.menuInterface, "AboutToShowGroup"):
            return [.array(element: "i", []), .array(element: "i", [])]
        default:
            return try Self.standard(call, Self.menuInterface, Self.menuProperties, Self.menuInterfaceXML)
        }
    }

    static let menuProperties: [String: BusValue] = [
        "Version": .uint32(3), "TextDirection": .string("ltr"), "Status": .string("normal"),
        "IconThemePath": .array(element: "s", []),
    ]

    /// The item `id` and its children to `depth` levels (-1: all), as `(ia{sv}av)`; nil for an id
    /// not in the menu.
    func layout(_ id: Int32, depth: Int, names: Set<String>) -> BusValue? {
        let children: [TrayEntry]
        if id == 0 {
            children = root
        } else if let entry = items[id] {
            children = entry.children
        } else {
            return nil
        }
        let nested: [BusValue] =
            depth == 0
            ? []
            : children.compactMap { child in
                self.id(of: child.key).flatMap { layout($0, depth: depth - 1, names: names) }.map { .variant($0) }
            }
        return .structure([.int32(id), .properties(properties(of: id, names)), .array(element: "v", nested)])
    }

    /// An item's properties, only `names` when it is not empty; those at their defaults are left
    /// out, as the spec allows.
    func properties(of id: Int32, _ names: Set<String>) -> [(String, BusValue)] {
        var all: [(String, BusValue)] = []
        if id == 0 {
            all.append(("children-display", .string("submenu")))
        } else if let entry = items[id] {
            if entry.isSeparator {
                all.append(("type", .string("separator")))
            } else {
                all.append(("label", .string(entry.label)))
                if !entry.enabled || (entry.action == nil && entry.children.isEmpty) {
                    all.append(("enabled", .bool(false)))
                }
                if !entry.children.isEmpty { all.append(("children-display", .string("submenu"))) }
            }
        }
        return names.isEmpty ? all : all.filter { names.contains($0.0) }
    }

    static let menuInterfaceXML = """
          <interface name="com.canonical.dbusmenu">
            <property name="Version" type="u" access="read"/>
            <property name="TextDirection" type="s" access="read"/>
            <property name="Status" type="s" access="read"/>
            <property name="IconThemePath" type="as" access="read"/>
            <method name="GetLayout">
              <arg type="i" name="parentId" direction="in"/><arg type="i" name="recursionDepth" direction="in"/>
              <arg type="as" name="propertyNames" direction="in"/><arg type="u" name="revision" direction="out"/>
              <arg type="(ia{sv}av)" name="layout" direction="out"/>
            </method>
            <method name="GetGroupProperties">
              <arg type="ai" name="ids" direction="in"/><arg type="as" name="propertyNames" direction="in"/>
              <arg type="a(ia{sv})" name="properties" direction="out"/>
            </method>
            <method name="GetProperty">
              <arg type="i" name="id" direction="in"/><arg type="s" name="name" direction="in"/>
              <arg type="v" name="value" direction="out"/>
            </method>
            <method name="Event">
              <arg type="i" name="id" direction="in"/><arg type="s" name="eventId" direction="in"/>
              <arg type="v" name="data" direction="in"/><arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="EventGroup">
              <arg type="a(isvu)" name="events" direction="in"/><arg type="ai" name="idErrors" direction="out"/>
            </method>
            <method name="AboutToShow">
              <arg type="i" name="id" direction="in"/><arg type="b" name="needUpdate" direction="out"/>
            </method>
            <method name="AboutToShowGroup">
              <arg type="ai" name="ids" direction="in"/><arg type="ai" name="updatesNeeded" direction="out"/>
              <arg type="ai" name="idErrors" direction="out"/>
            </method>
            <signal name="ItemsPropertiesUpdated">
              <arg type="a(ia{sv})" name="updatedProps"/><arg type="a(ias)" name="removedProps"/>
            </signal>
            <signal name="LayoutUpdated"><arg type="u" name="revision"/><arg type="i" name="parent"/></signal>
            <signal name="ItemActivationRequested"><arg type="i" name="id"/><arg type="u" name="timestamp"/></signal>
          </interface>
        """
}
