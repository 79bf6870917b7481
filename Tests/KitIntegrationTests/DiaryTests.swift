import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    @Suite("Diary")
    struct DiaryTests {
        @Test("entries keep their date, time and metadata, show trimmed, and survive a restart")
        func writeAndShow() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let written = try kit.kitctlJSON(
                [
                    "diary", "write", "-m", "\n\nRain by the river\n\n\n\nWalked along the Han.\n\nIt rained.\n",
                    "--date", "2026-11-20 21:30", "--weather", "rain", "--mood", "calm", "--place", "Seoul",
                    "--field", "steps=8000", "--field", "with=Minji",
                ], as: DiaryEntryInfo.self)
            #expect(written.title == "Rain by the river" && written.date == "2026-11-20" && written.time == "21:30:00")
            #expect(
                written.fields == [DiaryField(key: "steps", value: "8000"), DiaryField(key: "with", value: "Minji")])
            _ = try kit.kitctl(["diary", "write", "-m", "Later that day", "--date", "2026-11-20 23:00"])
            _ = try kit.kitctl(["diary", "write", "-m", "Date only", "--date", "2026-11-19"])
            let now = try kit.kitctlJSON(["diary", "write", "-m", "Right now"], as: DiaryEntryInfo.self)
            #expect(
                now.time != nil
                    && now.date
                        == CivilDateTime(WallTime(seconds: Date().timeIntervalSince1970), in: FixedOffset.utc).date
                        .iso8601
            )

            kit.stopKitd()
            try kit.startKitd()
            let shown = try kit.kitctl(["diary", "show", "1"])
            #expect(
                shown.stdout
                    == "#1  2026-11-20 21:30  (weather: rain · mood: calm · place: Seoul · steps: 8000 · with: Minji)\n\n"
                    + "Rain by the river\n\nWalked along the Han.\n\nIt rained.\n", "\(shown)")
            #expect(
                try kit.kitctlJSON(["diary", "show", "2026-11-20"], as: DiaryEntryInfo.self).title == "Later that day")
            #expect(try kit.kitctlJSON(["diary", "show", "rain by the river"], as: DiaryEntryInfo.self).id == 1)
            let november = try kit.kitctlJSON(["diary", "list", "--month", "2026-11"], as: DiaryListResult.self)
            #expect(november.entries.map(\.title).suffix(3) == ["Later that day", "Rain by the river", "Date only"])
            let share = try kit.kitctl(["diary", "share", "1"])
            #expect(
                share.stdout
                    == "# Rain by the river\n\n*Friday, 2026-11-20 21:30 · weather: rain · mood: calm · place: Seoul · "
                    + "steps: 8000 · with: Minji*\n\nWalked along the Han.\n\nIt rained.\n")

            let edited = try kit.kitctlJSON(
                ["diary", "edit", "1", "--weather", "", "--field", "steps=", "--mood", "glad"], as: DiaryEntryInfo.self)
            #expect(edited.weather == nil && edited.mood == "glad" && edited.fields.map(\.key) == ["with"])
            #expect(edited.text == written.text)
        }

        @Test("a date reference means that day's latest entry; impossible dates and unknown refs are refused clearly")
        func references() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["diary", "write", "-m", "Walk", "--date", "2026-11-20"])
            let impossible = try kit.kitctl(["diary", "write", "-m", "x", "--date", "2026-02-30"])
            #expect(
                impossible.exitCode == 1 && impossible.stderr.contains("2026-02 has 28 days"), "\(impossible)")
            let connection = try kit.connect()
            do {
                _ = try connection.call(
                    Method.diaryWrite, DiaryWriteParams(text: "x", date: "2026-02-30"))
                Issue.record("2026-02-30 was accepted")
            } catch {
                guard case .refused(let rpc) = error else { throw error }
                #expect(rpc.code == ErrorCode.invalidArgument && rpc.message.contains("2026-02 has 28 days"))
            }
            let noDay = try kit.kitctl(["diary", "show", "2026-11-21"])
            #expect(
                noDay.exitCode == 2 && noDay.stderr.contains("nearest days with entries are 2026-11-20"), "\(noDay)")
            let badRef = try kit.kitctl(["diary", "show", "2026-02-30"])
            #expect(badRef.exitCode == 2 && badRef.stderr.contains("2026-02 has 28 days"), "\(badRef)")
            let title = try kit.kitctl(["diary", "delete", "wakl", "--yes"])
            #expect(title.exitCode == 2 && title.stderr.contains("did you mean 'Walk'?"), "\(title)")
            #expect(try kit.kitctl(["diary", "delete", "2026-11-20", "--yes"]).exitCode == 0)
            #expect(try kit.kitctlJSON(["diary", "list"], as: DiaryListResult.self).entries.isEmpty)
        }

        @Test("diary delete with several ids deletes each, as memo delete does")
        func deleteSeveral() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let ids = try (1...2).map { day in
                try kit.kitctlJSON(
                    ["diary", "write", "-m", "day \(day)", "--date", "2026-11-2\(day)"], as: DiaryEntryInfo.self
                ).id
            }
            let both = try kit.kitctl(["diary", "delete"] + ids.map(String.init) + ["--yes"])
            #expect(
                both.exitCode == 0 && both.stdout == "Deleted entry \(ids[0])\nDeleted entry \(ids[1])\n", "\(both)")
            #expect(try kit.kitctlJSON(["diary", "list"], as: DiaryListResult.self).entries.isEmpty)
        }

        @Test("the editor writes and edits entries; an editor that exits 1 saves nothing")
        func editor() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let editor = try FakeEditor(in: kit.root)
            kit.extraEnvironment["EDITOR"] = try editor.script("printf '\\n첫눈\\n\\n눈이 왔다.\\n' > \"$1\"")
            try kit.startKitd()
            let terminal = try PseudoTerminal()
            let written = try kit.kitctl(
                ["diary", "write", "--date", "2026-11-22", "--weather", "snow"], terminal: terminal)
            #expect(written.exitCode == 0, "\(written)")
            kit.extraEnvironment["EDITOR"] = try editor.script("printf '더 쓰기\\n' >> \"$1\"")
            #expect(try kit.kitctl(["diary", "edit", "2026-11-22"], terminal: terminal).exitCode == 0)
            kit.extraEnvironment["EDITOR"] = try editor.script("printf 'gone\\n' > \"$1\"; exit 1")
            let failed = try kit.kitctl(["diary", "edit", "1"], terminal: terminal)
            #expect(failed.exitCode == 1 && failed.stderr.contains("nothing was saved"))
            let entry = try kit.kitctlJSON(["diary", "show", "1"], as: DiaryEntryInfo.self)
            #expect(entry.text == "첫눈\n\n눈이 왔다.\n더 쓰기" && entry.weather == "snow")
            #expect(editor.modes() == ["600", "600", "600"])
        }

        @Test("on this day finds back-dated entries from earlier years, and only those")
        func onThisDay() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            for (date, text) in [
                ("2025-03-14", "Pi day last year"), ("2019-03-14 08:00", "Pi day long ago"),
                ("2025-03-15", "The day after"),
                ("2026-03-14", "Pi day this year"), ("2024-02-29", "Leap day"),
            ] {
                #expect(try kit.kitctl(["diary", "write", "-m", text, "--date", date]).exitCode == 0)
            }
            let pi = try kit.kitctlJSON(
                ["diary", "on-this-day", "--date", "2026-03-14"], as: DiaryOnThisDayResult.self)
            #expect(pi.entries.map(\.title) == ["Pi day last year", "Pi day long ago"])
            let leap = try kit.kitctlJSON(
                ["diary", "on-this-day", "--date", "2027-02-28"], as: DiaryOnThisDayResult.self)
            #expect(leap.entries.map(\.title) == ["Leap day"])
            let text = try kit.kitctl(["diary", "on-this-day", "--date", "2026-03-14"])
            #expect(text.stdout.contains("2025-03-14, 1 year ago (#1)\nPi day last year"), "\(text)")

            let today = CivilDateTime(WallTime(seconds: Date().timeIntervalSince1970), in: FixedOffset.utc).date
            let earlier = CivilDate(year: today.year - 3, month: today.month, day: min(today.day, 28))
            _ = try kit.kitctl(["diary", "write", "-m", "Three years back", "--date", earlier.iso8601])
            let now = try kit.kitctlJSON(["diary", "on-this-day"], as: DiaryOnThisDayResult.self)
            #expect(now.date == today.iso8601)
            #expect(now.entries.map(\.title).contains("Three years back") == (today.day <= 28))
        }

        @Test("search finds Korean and English entries, and FTS syntax never errors")
        func search() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            _ = try kit.kitctl(["diary", "write", "-m", "한강 산책\n\n비가 와서 우산을 썼다", "--date", "2026-11-20"])
            _ = try kit.kitctl([
                "diary", "write", "-m", "Umbrella day\n\nIt rained (a lot) \"all\" day", "--date", "2026-11-21",
            ])
            func found(_ query: String) throws -> [String] {
                let result = try kit.kitctl(["diary", "search", "--json", "--", query])
                return try JSONDecoder().decode(DiarySearchResult.self, from: Data(result.stdout.utf8)).results.map(
                    \.entry.title)
            }
            #expect(try found("우산") == ["한강 산책"])
            #expect(try found("산책") == ["한강 산책"])
            #expect(try found("우산을") == ["한강 산책"])
            #expect(try found("UMBRELLA") == ["Umbrella day"])
            #expect(try found("rain") == ["Umbrella day"])
            #expect(try found("(a lot)") == ["Umbrella day"])
            for query in ["\"", "*", "NEAR", "(", "\"all", "lot)", "AND", "{", "col:umn"] {
                let result = try kit.kitctl(["diary", "search", "--", query])
                #expect(result.exitCode == 0, "query \(query): \(result)")
            }
        }

        @Test("an export of 1,000 entries gives 1,000 files with unique safe names, and the JSON round-trips")
        func exportThousand() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let titles = ["../../etc/passwd", "Same title", "same TITLE", "/abs/path", ".hidden", "한강 산책", "a\\b", "?"]
            let connection = try kit.connect()
            var batch = Data()
            for index in 0..<1000 {
                let day = CivilDate(year: 2020, month: 1, day: 1).adding(days: index % 300)
                let params = DiaryWriteParams(
                    text: "\(titles[index % titles.count])\n\nentry \(index) \"quoted\" 비", date: day.iso8601,
                    weather: index % 2 == 0 ? "sun" : nil, fields: [DiaryField(key: "n", value: "\(index)")])
                batch.append(
                    try WireCodec.line(
                        RequestEnvelope(id: .number(Int64(index)), method: Method.diaryWrite.name, params: params),
                        with: WireCodec.encoder()))
            }
            try connection.send(batch)
            for _ in 0..<1000 { _ = try connection.readLine(timeout: .seconds(30)) }

            let stdout = try kit.kitctl(["diary", "export", "--format", "json"], timeout: .seconds(60))
            let document = try JSONDecoder().decode(DiaryExportResult.self, from: Data(stdout.stdout.utf8))
            #expect(document.entries.count == 1000)

            for format in ["md", "json"] {
                let directory = kit.root.path + "/export-\(format)"
                let result = try kit.kitctl(
                    ["diary", "export", "--format", format, "--out", directory], timeout: .seconds(60))
                #expect(result.exitCode == 0 && result.stdout.contains("Exported 1000 entries"), "\(result)")
                let names = try FileManager.default.contentsOfDirectory(atPath: directory)
                #expect(names.count == 1000)
                #expect(Set(names.map { $0.lowercased() }).count == 1000)
                #expect(names.allSatisfy { $0.hasPrefix("20") && $0.hasSuffix("." + format) && !$0.contains("..") })
                #expect(
                    names.allSatisfy { name in
                        name.unicodeScalars.allSatisfy {
                            $0.properties.isAlphabetic || $0.properties.generalCategory == .decimalNumber || $0 == "-"
                                || $0 == "."
                        }
                    })
                if format == "json" {
                    var fromFiles: [DiaryEntryInfo] = []
                    for name in names {
                        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
                        fromFiles.append(try JSONDecoder().decode(DiaryEntryInfo.self, from: data))
                    }
                    #expect(fromFiles.sorted { $0.id < $1.id } == document.entries.sorted { $0.id < $1.id })
                    let one = try kit.kitctlJSON(["diary", "show", "500"], as: DiaryEntryInfo.self)
                    #expect(fromFiles.first { $0.id == 500 } == one)
                } else {
                    let markdown = try String(contentsOfFile: directory + "/2020-01-01-etc-passwd.md", encoding: .utf8)
                    #expect(
                        markdown.hasPrefix("# ../../etc/passwd\n\n*Wednesday, 2020-01-01 · weather: sun"), "\(markdown)"
                    )
                    #expect(names.contains("2020-01-01-etc-passwd-2.md"))
                }
            }
            let rewritten = try document.entries.prefix(3).map { info in
                try connection.call(
                    Method.diaryWrite,
                    DiaryWriteParams(
                        text: info.text ?? "", date: info.date, weather: info.weather, mood: info.mood,
                        place: info.place,
                        fields: info.fields))
            }
            #expect(rewritten.map(\.text) == document.entries.prefix(3).map(\.text))
            #expect(rewritten.map(\.fields) == document.entries.prefix(3).map(\.fields))
        }
    }
}
