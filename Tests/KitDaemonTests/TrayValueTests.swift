import KitCore
import Testing

@testable import KitDaemon

@Suite("The tray's D-Bus values and icon")
struct TrayValueTests {
    @Test("a value's signature is worked out from it: properties are a{sv}, a layout (ia{sv}av), an icon a(iiay)")
    func signatures() {
        #expect(BusValue.properties([("label", .string("차"))]).signature == "a{sv}")
        let layout = BusValue.structure([.int32(0), .properties([]), .array(element: "v", [])])
        #expect(layout.signature == "(ia{sv}av)")
        #expect(BusValue.array(element: "(iiay)", TrayIcon.pixmaps.map(\.busValue)).signature == "a(iiay)")
        #expect(
            BusValue.structure([.string("kit"), .array(element: "(iiay)", []), .string(""), .string("")]).signature
                == "(sa(iiay)ss)")
        #expect(BusValue.variant(.uint32(3)).int == 3 && BusValue.variant(.string("x")).string == "x")
    }

    @Test("the icon is a round face at 22 and 44 pixels: ARGB32, clear in the corners, opaque in the middle")
    func icon() {
        for pixmap in TrayIcon.pixmaps {
            let size = Int(pixmap.size)
            #expect(pixmap.argb.count == size * size * 4)
            #expect(pixmap.argb[0] == 0, "a corner's alpha")
            let middle = (size / 2 * size + size / 2) * 4
            #expect(pixmap.argb[middle] == 255, "the middle's alpha")
        }
        #expect(TrayIcon.pixmaps.map(\.size) == [22, 44])
    }

    @Test("the soonest running countdown is the one shown; a paused one is listed but not counted down")
    func soonest() {
        var menu = TrayMenu()
        menu.countdown(TrayCountdown(name: "paused", remaining: Nanoseconds.second * 5, running: false))
        #expect(menu.soonest == nil && !menu.ticking)
        menu.countdown(
            TrayCountdown(name: "차", remaining: Nanoseconds.minute * 4 + Nanoseconds.second * 32, running: true))
        menu.countdown(TrayCountdown(name: "라면", remaining: Nanoseconds.minute * 3, running: true))
        menu.countdown(TrayCountdown(name: "빨래", remaining: Nanoseconds.hour, running: true))
        #expect(menu.soonest?.label == "라면 3:00")
        #expect(menu.ticking)
        menu.add([])
        #expect(menu.sections.isEmpty)
    }
}
