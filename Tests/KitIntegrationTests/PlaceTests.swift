import Foundation
import Glibc
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Places and the roulette")
    struct PlaceTests {
        /// The smallest valid PNG header and a few bytes after it that make each image distinct.
        static func png(_ marker: String) -> Data {
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data(marker.utf8)
        }

        static func add(_ kit: KitdHarness, _ name: String, _ tags: [String], extra: [String] = []) throws {
            let result = try kit.kitctl(["place", "add", name] + tags.flatMap { ["--tag", $0] } + extra)
            #expect(result.exitCode == 0, "\(result)")
        }

        /// 수원역: 칼국수 (한식), Pasta Bar (양식), 딤섬 (중식); 강남: 홍콩반점 (중식), 스시 (일식).
        static func addLunchPlaces(_ kit: KitdHarness) throws {
            try add(kit, "칼국수", ["area=수원역", "kind=한식"], extra: ["--url", "https://example.com/kalguksu"])
            try add(kit, "Pasta Bar", ["Area=수원역 ", "kind=양식"])
            try add(kit, "딤섬", ["area=수원역", "kind=중식"])
            try add(kit, "홍콩반점", ["area=강남", "kind=중식"])
            try add(kit, "스시", ["area=강남", "kind=일식"])
        }

        @Test("facets list only the values still possible, with counts, and tags match after normalisation")
        func facets() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            try Self.addLunchPlaces(kit)
            let all = try kit.kitctlJSON(["place", "tags"], as: PlaceTagsResult.self)
            #expect(all.matching == 5)
            let area = all.categories.first { $0.category == "area" }
            // `Area=수원역 ` was stored as the first spelling, `area=수원역`.
            #expect(area?.values.map(\.value) == ["수원역", "강남"] && area?.values.map(\.count) == [3, 2])
            let narrowed = try kit.kitctlJSON(
                ["place", "tags", "--tag", "AREA=수원역", "--tag", "kind=중식"], as: PlaceTagsResult.self)
            #expect(narrowed.matching == 1)
            let kinds = narrowed.categories.first { $0.category == "kind" }
            // Counts under a filtered category show what OR-ing a value in would give.
            #expect(Set(kinds?.values.map(\.value) ?? []) == ["한식", "양식", "중식"])
            #expect(kinds?.values.first { $0.value == "중식" }?.selected == true)
            let areas = narrowed.categories.first { $0.category == "area" }
            #expect(areas?.values.map(\.value).sorted() == ["강남", "수원역"])
            let listed = try kitctlNames(kit, ["place", "list", "--tag", "kind=한식", "--tag", "kind=중식"])
            #expect(listed == ["딤섬", "칼국수", "홍콩반점"])
        }

        @Test("the same seed gives the same pick, and --rotate visits all N places before any repeat")
        func seedAndRotation() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            try Self.addLunchPlaces(kit)
            let first = try kit.kitctlJSON(["place", "pick", "--seed", "42"], as: PlacePickResult.self)
            let again = try kit.kitctlJSON(["place", "pick", "--seed", "42"], as: PlacePickResult.self)
            #expect(first.picks.map(\.id) == again.picks.map(\.id) && first.seed == 42)
            var seen: [Int64] = []
            for round in 0..<3 {
                // A restart in the middle of the second round loses nothing.
                if round == 1 {
                    #expect(kit.stopKitd(signal: SIGKILL) == 128 + SIGKILL)
                    try kit.startKitd()
                }
                for _ in 0..<2 {
                    let pick = try kit.kitctlJSON(
                        ["place", "pick", "--rotate", "--tag", "area=수원역"], as: PlacePickResult.self)
                    seen.append(pick.picks[0].id)
                }
            }
            // 3 matching places: picks 1-3 are all different, and so are picks 4-6.
            #expect(Set(seen[0..<3]).count == 3 && Set(seen[3..<6]).count == 3)
            // Another filter has a rotation of its own.
            let other = try kit.kitctlJSON(["place", "pick", "--rotate", "--tag", "area=강남"], as: PlacePickResult.self)
            #expect(other.round == 1)
            let history = try kit.kitctlJSON(["place", "history", "-n", "100"], as: PlaceHistoryResult.self)
            #expect(history.entries.filter { $0.kind == .picked }.count == 9)
        }

        @Test("--avoid-recent skips places visited or picked in the window, and says so when nothing is left")
        func avoidRecent() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            try Self.add(kit, "A", ["kind=x"])
            try Self.add(kit, "B", ["kind=x"])
            let visit = try kit.kitctlJSON(["place", "visited", "A"], as: PlaceHistoryInfo.self)
            let latest = try kit.kitctlJSON(["place", "history", "A"], as: PlaceHistoryResult.self).entries
            #expect(latest.map(\.id) == [visit.id] && visit.kind == .visited && visit.placeName == "A")
            let pick = try kit.kitctlJSON(["place", "pick", "--avoid-recent", "7d"], as: PlacePickResult.self)
            #expect(pick.picks.map(\.name) == ["B"] && !pick.includesRecent)
            // Now A was visited and B picked: both recent, so the pick falls back and says so.
            let fallback = try kit.kitctl(["place", "pick", "--avoid-recent", "7d"])
            #expect(fallback.exitCode == 0)
            #expect(fallback.stdout.contains("so the pick includes recent places anyway"), "\(fallback)")
            let shown = try kit.kitctlJSON(["place", "show", "A"], as: PlaceInfo.self)
            #expect(shown.lastVisitedAt != nil)
        }

        @Test(
            "images are stored by content without collision, a refused place stores none, and they go with the last place that uses them"
        )
        func images() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let files = kit.root.path
            try Self.png("one").write(to: URL(fileURLWithPath: files + "/a.png"))
            try Self.png("one").write(to: URL(fileURLWithPath: files + "/same-content.png"))
            try Self.png("two").write(to: URL(fileURLWithPath: files + "/b.png"))
            let first = try kit.kitctlJSON(
                ["place", "add", "first", "--image", files + "/a.png"], as: PlaceInfo.self)
            let second = try kit.kitctlJSON(
                ["place", "add", "second", "--image", files + "/same-content.png"], as: PlaceInfo.self)
            let third = try kit.kitctlJSON(["place", "add", "third", "--image", files + "/b.png"], as: PlaceInfo.self)
            let imageDirectory = kit.dataDirectory + "/images"
            func stored() -> Set<String> {
                Set((try? FileManager.default.contentsOfDirectory(atPath: imageDirectory)) ?? [])
            }
            #expect(first.image == second.image && first.image != third.image)
            #expect(first.image?.hasSuffix(".png") == true && first.image?.count == 68)
            #expect(stored() == [first.image!, third.image!])
            #expect(FileManager.default.contents(atPath: first.imagePath!) == Self.png("one"))

            #expect(try kit.kitctl(["place", "remove", "first"]).exitCode == 0)
            #expect(stored().contains(second.image!), "still used by the second place")
            let removed = try kit.kitctlJSON(["place", "remove", "second"], as: PlaceRemoveResult.self)
            #expect(removed.imageRemoved)
            #expect(Subprocess.waitUntil(timeout: .seconds(5)) { !stored().contains(second.image!) })
            #expect(try kit.kitctl(["place", "edit", "third", "--no-image"]).exitCode == 0)
            #expect(Subprocess.waitUntil(timeout: .seconds(5)) { stored().isEmpty })

            // Not an image, missing, and over 20 MiB: refused, nothing stored.
            try Data("just text".utf8).write(to: URL(fileURLWithPath: files + "/note.png"))
            let notImage = try kit.kitctl(["place", "add", "x", "--image", files + "/note.png"])
            #expect(notImage.exitCode == 2 && notImage.stderr.contains("not a PNG, JPEG, GIF or WebP"), "\(notImage)")
            let missing = try kit.kitctl(["place", "add", "x", "--image", files + "/nope.png"])
            // kitctl reads the file itself now: a missing one is its own error (exit 1).
            #expect(missing.exitCode == 1 && missing.stderr.contains("cannot read the image"), "\(missing)")
            let big = files + "/big.png"
            #expect(FileManager.default.createFile(atPath: big, contents: Self.png("big")))
            truncate(big, 21 * 1024 * 1024)
            let tooBig = try kit.kitctl(["place", "add", "x", "--image", big])
            #expect(tooBig.exitCode == 2 && tooBig.stderr.contains("the limit is 20 MiB"), "\(tooBig)")
            #expect(try kitctlNames(kit, ["place", "list"]) == ["third"])
            #expect(stored().isEmpty)

            // A name taken is refused before the image is stored (off the loop); an edit that
            // changes nothing keeps the image its place has.
            let taken = try kit.kitctl(["place", "add", "third", "--image", files + "/b.png"])
            #expect(taken.exitCode == 2 && taken.stderr.contains("exists already"), "\(taken)")
            #expect(stored().isEmpty)
            let given = try kit.kitctlJSON(["place", "edit", "third", "--image", files + "/b.png"], as: PlaceInfo.self)
            #expect(given.image == third.image && stored() == [third.image!])
            let again = try kit.kitctl(["place", "edit", "third", "--image", files + "/b.png"])
            #expect(again.exitCode == 2 && again.stderr.contains("nothing to change"), "\(again)")
            #expect(Wait.holds(for: .milliseconds(300)) { stored() == [third.image!] }, "its place keeps it")
        }

        @Test("import takes CSV and JSON all or nothing, reporting bad rows and duplicates, and export round-trips")
        func importAndExport() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let files = kit.root.path
            let broken = """
                name,tags,url,weight
                칼국수,area=수원역;kind=한식,https://example.com,1
                no tag,area,,1
                bad url,kind=양식,example.com,1
                칼국수,,,2
                """
            try broken.write(toFile: files + "/broken.csv", atomically: true, encoding: .utf8)
            let refused = try kit.kitctl(["place", "import", files + "/broken.csv"])
            #expect(refused.exitCode == 2, "\(refused)")
            #expect(refused.stderr.contains("nothing was imported: the file has 3 problems"), "\(refused)")
            #expect(refused.stderr.contains("line 3:") && refused.stderr.contains("line 4:"))
            #expect(refused.stderr.contains("line 5: the name '칼국수' is already used on line 2"))
            #expect(try kitctlNames(kit, ["place", "list"]).isEmpty)

            try "[{\"name\": \"ok\"}, {\"tags\": []}".write(
                toFile: files + "/cut.json", atomically: true, encoding: .utf8)
            let cut = try kit.kitctl(["place", "import", files + "/cut.json"])
            #expect(cut.exitCode == 2 && cut.stderr.contains("not valid JSON"), "\(cut)")

            let good = #"""
                name,tags,url,phone,address,note,weight
                칼국수,area=수원역;kind=한식,https://example.com,031-123-4567,"수원시, 팔달구","국물이 ""진함""",2
                Pasta Bar,area=수원역;kind=양식,,,,,1
                """#
            try good.write(toFile: files + "/good.csv", atomically: true, encoding: .utf8)
            let imported = try kit.kitctl(["place", "import", files + "/good.csv"])
            #expect(imported.exitCode == 0 && imported.stdout.contains("Imported 2 places"), "\(imported)")
            // The same file again changes nothing, and says so; a place changed in the file is refused.
            let again = try kit.kitctl(["place", "import", files + "/good.csv"])
            #expect(
                again.exitCode == 0 && again.stdout.contains("Imported 0 places")
                    && again.stdout.contains("skipped 2 kit has already, the same: 칼국수, Pasta Bar"), "\(again)")
            try good.replacingOccurrences(
                of: "Pasta Bar,area=수원역;kind=양식,,,,,1", with: "Pasta Bar,area=수원역;kind=양식,,,,,3"
            )
            .write(toFile: files + "/changed.csv", atomically: true, encoding: .utf8)
            let changed = try kit.kitctl(["place", "import", files + "/changed.csv"])
            #expect(changed.exitCode == 2 && changed.stderr.contains("already exists with other details"), "\(changed)")

            let json = try kit.kitctl(["place", "export", "--json", files + "/out.json"])
            #expect(json.exitCode == 0, "\(json)")
            let ownExport = try kit.kitctl(["place", "import", files + "/out.json"])
            #expect(ownExport.exitCode == 0 && ownExport.stdout.contains("skipped 2"), "\(ownExport)")
            let csv = try kit.kitctl(["place", "export", "--csv"])
            #expect(csv.stdout.contains("\"국물이 \"\"진함\"\"\""), "\(csv)")
            for name in ["칼국수", "Pasta Bar"] { #expect(try kit.kitctl(["place", "remove", name]).exitCode == 0) }
            let back = try kit.kitctl(["place", "import", files + "/out.json"])
            #expect(back.exitCode == 0, "\(back)")
            let kalguksu = try kit.kitctlJSON(["place", "show", "칼국수"], as: PlaceInfo.self)
            #expect(kalguksu.note == "국물이 \"진함\"" && kalguksu.weight == 2 && kalguksu.address == "수원시, 팔달구")
            #expect(kalguksu.tags.map(\.description) == ["area=수원역", "kind=한식"])
        }

        @Test("bad input gets a clear message and exit 1 or 2, and changes nothing")
        func badInput() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            try Self.addLunchPlaces(kit)
            let before = try kit.kitctl(["place", "export", "--json"]).stdout
            let cases: [([String], Int32, String)] = [
                (["place", "add", "x", "--tag", "area"], 1, "has no '='"),
                (["place", "add", "x", "--tag", "=수원역"], 1, "has no category"),
                (["place", "add", "x", "--tag", "area= "], 1, "has no value"),
                (["place", "add", "x", "--url", "naver.com/x"], 2, "has no scheme; write it as 'https://naver.com/x'"),
                (["place", "add", "x", "--weight", "0"], 1, "out of range"),
                (["place", "add", " pasta bar "], 2, "exists already"),
                (["place", "add", "42"], 2, "looks like an id"),
                (["place", "edit", "칼국수"], 2, "nothing to change"),
                (["place", "edit", "칼국수", "--untag", "kind=일식"], 2, "has no tag kind=일식"),
                (["place", "show", "칼국"], 2, "did you mean: 칼국수"),
                (["place", "remove", "99"], 2, "no place with id 99"),
                (
                    ["place", "pick", "--tag", "area=수원역", "--tag", "kind=일식"], 2,
                    "no place has kind=일식 among the 3 places with area=수원역"
                ),
                (["place", "pick", "-n", "9"], 2, "only 5"),
                (["place", "pick", "--avoid-recent", "soon"], 1, "cannot read 'soon' as a duration"),
                (["place", "import", kit.root.path + "/missing.csv"], 1, "cannot read"),
            ]
            for (arguments, code, message) in cases {
                let result = try kit.kitctl(arguments)
                #expect(result.exitCode == code, "\(arguments): \(result)")
                #expect(result.stderr.contains(message), "\(arguments): \(result)")
            }
            // A request that bypasses kitctl's own checks is refused by kitd just the same.
            let connection = try kit.connect()
            #expect(throws: (any Error).self) {
                _ = try connection.call(
                    Method.placeAdd, PlaceAddParams(name: "y", tags: ["kind="]))
            }
            #expect(throws: (any Error).self) {
                _ = try connection.call(
                    Method.placePick, PlacePickParams(avoidRecentNs: -Nanoseconds.second))
            }
            // Past 366 days (which would read the whole history on the loop) is refused as well.
            #expect(throws: (any Error).self) {
                _ = try connection.call(
                    Method.placePick, PlacePickParams(avoidRecentNs: 367 * 86_400 * Nanoseconds.second))
            }
            #expect(try kit.kitctl(["place", "export", "--json"]).stdout == before)
            #expect(try kit.kitctl(["place", "history"]).stdout.contains("No picks or visits yet"))
        }

        @Test("on a terminal a short spin ends on the pick; off a terminal and with --json there is none")
        func spinOnlyOnATerminal() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            try Self.addLunchPlaces(kit)
            // script(1) runs kitctl on a pseudo-terminal and copies what it draws to its stdout.
            let spun = try Subprocess.run(
                "/usr/bin/script", ["-q", "-e", "-f", "-c", "\(Binaries.kitctl) place pick --seed 42", "/dev/null"],
                environment: kit.environment.merging(["TERM": "xterm"]) { $1 }, outputDirectory: kit.root.path)
            #expect(spun.exitCode == 0, "\(spun)")
            let frames = spun.stdout.components(separatedBy: "\r\u{1B}[K").count - 1
            #expect(frames >= 10, "the spin redraws one line: \(frames) frames")
            let plain = try kit.kitctl(["place", "pick", "--seed", "42"])
            #expect(!plain.stdout.contains("\u{1B}") && plain.stdout.hasPrefix("→ "), "\(plain)")
            // The spin ends on the place that was picked, which the plain output names too.
            let picked = plain.stdout.split(separator: "\n")[0].dropFirst(2)
            #expect(spun.stdout.contains("🎲 \u{1B}[1m\(picked)"), "\(spun)")
            let json = try kit.kitctl(["place", "pick", "--json"])
            #expect(!json.stdout.contains("\u{1B}") && json.stdout.hasPrefix("{"))
        }

        @Test("pick --notify raises a popup naming the pick with its link")
        func notifyPopup() throws {
            let kit = try KitdHarness(desktop: try DesktopSession())
            defer { kit.tearDown() }
            try kit.startKitd()
            try Self.addLunchPlaces(kit)
            let result = try kit.kitctl(["place", "pick", "--tag", "kind=한식", "--notify"])
            #expect(result.exitCode == 0, "\(result)")
            let popup = try kit.desktop!.waitForNotification(summaryContaining: "Picked: 칼국수")
            #expect(popup?.body.contains("https://example.com/kalguksu") == true, "\(String(describing: popup))")
        }

        @Test("place open hands the link to xdg-open, and a place without one gets a message")
        func openLink() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let bin = kit.root.path + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/opened\"\n".write(
                toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
            chmod(bin + "/xdg-open", 0o755)
            kit.extraEnvironment["PATH"] = bin + ":/usr/bin:/bin"
            try kit.startKitd()
            try Self.addLunchPlaces(kit)
            let opened = try kit.kitctl(["place", "open", "칼국수"])
            #expect(opened.exitCode == 0, "\(opened)")
            #expect(try String(contentsOfFile: bin + "/opened", encoding: .utf8) == "https://example.com/kalguksu\n")
            let none = try kit.kitctl(["place", "open", "스시"])
            #expect(none.exitCode == 2 && none.stderr.contains("has no link"), "\(none)")
        }

        @Test("tag completion in bash and fish offers only values still possible, from kitd")
        func completion() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            try Self.addLunchPlaces(kit)
            let scripts = kit.root.path
            // The scripts `make install` installs.
            let generator =
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path + "/scripts/completions.sh"
            for shell in ["bash", "fish", "zsh"] {
                let script = try Subprocess.run(
                    generator, [shell, Binaries.kitctl], environment: kit.environment, outputDirectory: scripts)
                #expect(script.exitCode == 0, "\(script)")
                try script.stdout.write(toFile: scripts + "/kitctl.\(shell)", atomically: true, encoding: .utf8)
                #expect(script.stdout.contains("---completion place pick -- --tag"), "\(shell)")
            }
            let binDirectory = URL(fileURLWithPath: Binaries.kitctl).deletingLastPathComponent().path
            var environment = kit.environment
            environment["PATH"] = binDirectory + ":/usr/bin:/bin"
            // bash splits `area=수원역` at '=' as COMP_WORDBREAKS says; the completer joins it back.
            let bash = """
                source \(scripts)/kitctl.bash
                COMP_WORDS=(kitctl place pick --tag area = 수원역 --tag k)
                COMP_CWORD=8
                COMP_LINE="kitctl place pick --tag area=수원역 --tag k"
                COMP_POINT=${#COMP_LINE}
                _kitctl kitctl k --tag
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let bashResult = try Subprocess.run(
                "/bin/bash", ["-c", bash], environment: environment, outputDirectory: scripts)
            let bashOffered = Set(bashResult.stdout.split(separator: "\n").map(String.init))
            #expect(bashOffered == ["kind=한식", "kind=양식", "kind=중식"], "\(bashResult)")

            let fish = """
                source \(scripts)/kitctl.fish
                complete -C 'kitctl place pick --tag area=강남 --tag '
                """
            let fishResult = try Subprocess.run(
                "/usr/bin/fish", ["--no-config", "-c", fish], environment: environment, outputDirectory: scripts)
            let fishOffered = Set(
                fishResult.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
            #expect(fishOffered == ["kind=중식", "kind=일식", "area=수원역"], "\(fishResult)")
        }

        private func kitctlNames(_ kit: KitdHarness, _ arguments: [String]) throws -> [String] {
            try kit.kitctlJSON(arguments, as: PlaceListResult.self).places.map(\.name)
        }
    }
}
