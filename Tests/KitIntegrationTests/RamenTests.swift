import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Ramen")
    struct RamenTests {
        @Test("cooking shows the done popup with the ramen's name and the memo")
        func cookAndPopup() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["ramen", "set", "신라면", "--memo", "add an egg at the end"]).exitCode == 0)
            let cooking = try kit.kitctl(["ramen", "cook", "신라면", "--time", "1s"])
            #expect(cooking.exitCode == 0, "\(cooking)")
            #expect(cooking.stdout.contains("Cooking 신라면 (Shin Ramyun)") && cooking.stdout.contains("550 ml"))
            let popup = try #require(try kit.desktop!.waitForNotification(summaryContaining: "신라면"))
            #expect(popup.summary == "신라면 (Shin Ramyun) is done")
            #expect(popup.body.contains("Memo: add an egg at the end"))
        }

        @Test("favourites, their order, custom times and memos survive a restart; `ramen favourite` is `ramen fav`")
        func persistence() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            // `fav` is also `favourite` and `favorite`, as the word is spelled out.
            for (name, word) in [("신라면", "fav"), ("너구리", "favourite"), ("짜파게티", "favorites")] {
                #expect(try kit.kitctl(["ramen", word, "add", name]).exitCode == 0)
            }
            #expect(try kit.kitctl(["ramen", "fav", "move", "짜파게티", "--to", "1"]).exitCode == 0)
            #expect(try kit.kitctl(["ramen", "set", "너구리", "--time", "4m", "--memo", "kelp twice"]).exitCode == 0)
            let before = try kit.kitctlJSON(["ramen", "list", "--favourites"], as: RamenListResult.self)
            #expect(kit.stopKitd() == 0)
            try kit.startKitd()
            let after = try kit.kitctlJSON(["ramen", "list", "--favourites"], as: RamenListResult.self)
            #expect(after.ramen.map(\.name) == ["짜파게티", "신라면", "너구리"])
            #expect(after.ramen.map(\.name) == before.ramen.map(\.name))
            let neoguri = try kit.kitctlJSON(["ramen", "show", "너구리"], as: RamenInfo.self)
            #expect(
                neoguri.cookNs == 240 * Nanoseconds.second && neoguri.memo == "kelp twice"
                    && neoguri.catalogCookNs == 300 * Nanoseconds.second)
        }

        @Test("a ramen time keeps its fraction of a second from kitctl to the store, the timer and the old 'seconds'")
        func timesKeepTheirNanoseconds() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            #expect(try kit.kitctl(["ramen", "set", "너구리", "--time", "4m30.25s"]).exitCode == 0)
            #expect(kit.stopKitd() == 0)
            try kit.startKitd()
            let neoguri = try kit.kitctlJSON(["ramen", "show", "너구리"], as: RamenInfo.self)
            #expect(neoguri.cookNs == 270_250_000_000)
            let shown = try kit.kitctlJSON(["ramen", "show", "너구리"], as: [String: JSONValue].self)
            #expect(shown["seconds"] == .number(270.25) && shown["catalogSeconds"] == .integer(300))
            #expect(try kit.kitctl(["ramen", "show", "너구리"]).stdout.contains("4:30.25"))
            let cook = try kit.kitctlJSON(["ramen", "cook", "너구리"], as: RamenCookResult.self)
            #expect(cook.timer.durationNs == 270_250_000_000)
            // A client from before nanoseconds sends whole or fractional seconds, and gets both forms back.
            let connection = try kit.connect()
            try connection.send(
                Data(
                    #"{"jsonrpc":"2.0","id":1,"method":"ramen.set","params":{"ref":"너구리","seconds":90.5}}"#.utf8 + [10])
            )
            let reply = try #require(try connection.readLine(timeout: .seconds(5)))
            let set: RamenInfo? = try JSONDecoder().decode(ResultEnvelope<RamenInfo>.self, from: Data(reply)).result
            let setJSON = try JSONDecoder().decode(ResultEnvelope<[String: JSONValue]>.self, from: Data(reply)).result
            #expect(set?.cookNs == 90_500_000_000 && setJSON["seconds"] == .number(90.5))
            let refused = try kit.kitctl(["ramen", "set", "너구리", "--time", "25h"])
            #expect(refused.exitCode != 0 && refused.stderr.contains("'cookNs' 90000000000000 is out of range"))
        }

        @Test("a newer catalog adds a product and corrects a time, keeping the user's time and memo")
        func catalogMerge() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let fixture = kit.root.path + "/catalog.json"
            func write(_ catalog: RamenCatalog) throws {
                try JSONEncoder().encode(catalog).write(to: URL(fileURLWithPath: fixture))
            }
            let alpha = RamenProduct(
                id: "test-alpha", name: "알파면", kind: .pot, cookTime: 240 * Nanoseconds.second,
                waterMl: 500)
            let beta = RamenProduct(
                id: "test-beta", name: "베타면", kind: .pot, cookTime: 180 * Nanoseconds.second, waterMl: 500
            )
            try write(RamenCatalog(version: 1, products: [alpha, beta]))
            kit.extraEnvironment["KIT_RAMEN_CATALOG"] = fixture
            try kit.startKitd()
            #expect(try kit.kitctl(["ramen", "set", "알파면", "--time", "3m", "--memo", "mine"]).exitCode == 0)
            #expect(try kit.kitctl(["ramen", "fav", "add", "베타면"]).exitCode == 0)
            #expect(kit.stopKitd() == 0)

            var corrected = alpha
            corrected.cookTime = 270 * Nanoseconds.second
            let gamma = RamenProduct(
                id: "test-gamma", name: "감마면", kind: .cup, cookTime: 180 * Nanoseconds.second,
                waterMl: 300)
            try write(RamenCatalog(version: 2, products: [corrected, beta, gamma]))
            try kit.startKitd()
            let merged = try kit.kitctlJSON(["ramen", "show", "test-alpha"], as: RamenInfo.self)
            #expect(
                merged.catalogCookNs == 270 * Nanoseconds.second, "the catalog's correction is applied")
            #expect(
                merged.cookNs == 180 * Nanoseconds.second && merged.memo == "mine",
                "the user's time and memo are kept")
            #expect(try kit.kitctlJSON(["ramen", "show", "감마면"], as: RamenInfo.self).id == "test-gamma")
            #expect(try kit.kitctlJSON(["ramen", "show", "베타면"], as: RamenInfo.self).favourite)
            #expect(kit.kitd?.stderr.contains("merged a newer ramen catalog") == true)
        }

        @Test("removing an own ramen announces it with ramen.changed and removed: true")
        func removalIsAnnounced() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let events = try kit.events(["ramen.*", "timer.*"])
            defer { events.stop() }
            try events.waitUntilSubscribed(socketOwner: kit)
            #expect(try kit.kitctl(["ramen", "add", "my noodles", "--time", "3m"]).exitCode == 0)
            #expect(try kit.kitctl(["ramen", "remove", "my noodles"]).exitCode == 0)
            let removed = events.waitFor(Event.ramenChanged) { $0.raw.contains("\"removed\":true") }
            let payload = try #require(removed).decode(RamenChangedEvent.self)
            #expect(payload.removed == true && payload.ramen.name == "my noodles")
        }

        @Test("bad names, times and water get clear messages and change nothing")
        func badInput() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let unknown = try kit.kitctl(["ramen", "cook", "신란면"])
            #expect(unknown.exitCode == 2 && unknown.stderr.contains("did you mean 신라면 (Shin Ramyun)"), "\(unknown)")
            let ambiguous = try kit.kitctl(["ramen", "show", "진라면"])
            #expect(
                ambiguous.exitCode == 2 && ambiguous.stderr.contains("진라면 매운맛") && ambiguous.stderr.contains("진라면 순한맛"))
            let badTime = try kit.kitctl(["ramen", "set", "신라면", "--time", "soon"])
            #expect(badTime.exitCode == 1 && badTime.stderr.contains("'soon'"))
            let negativeWater = try kit.kitctl(["ramen", "add", "my noodles", "--time", "3m", "--water=-5"])
            #expect(negativeWater.exitCode == 1 && negativeWater.stderr.contains("negative"), "\(negativeWater)")
            let catalogRemove = try kit.kitctl(["ramen", "remove", "신라면"])
            #expect(catalogRemove.exitCode == 2 && catalogRemove.stderr.contains("hide it"))
            #expect(try kit.kitctlJSON(["ramen", "list", "my noodles"], as: RamenListResult.self).ramen.isEmpty)
            let shin = try kit.kitctlJSON(["ramen", "show", "신라면"], as: RamenInfo.self)
            #expect(shin.cookNs == 270 * Nanoseconds.second && shin.memo == nil && shin.cookCount == 0)
            #expect(try kit.kitctlJSON(["timer", "list"], as: TimerListResult.self).timers.isEmpty)
        }
    }
}
