import Foundation
import KitProtocol
import KitTestSupport
import Testing

extension FilesIntegration {
    /// Issue 43: under ko_KR, what kitctl prints is Korean, apart from what is not a word of a
    /// language: command and option names, values a person types (`weekly on mon`), placeholders
    /// (`WHEN`), units, file names, and the names of formats and programs.
    @Suite("Korean everywhere a Korean user reads")
    struct KoreanHelpTests {
        /// Values and names that stay as they are typed or called, each seen in a help text.
        static let names: Set<String> = [
            // Formats, standards, programs and paths.
            "JSON", "CSV", "RRULE", "VTODO", "VEVENT", "VALARM", "VJOURNAL", "DUE", "iCalendar", "ics", "UID", "KASI",
            "PNG", "JPEG", "GIF", "WebP", "KiB", "MiB", "Markdown", "md", "json", "waybar", "i3blocks", "polybar",
            "blocks", "vdir", "vdirsyncer", "khal", "todoman", "calendars", "watch", "systemctl", "kitd", "kit",
            "kitctl", "bash", "zsh",
            "fish", "toml",
            "config", "RPC", "jsonrpc", "daemon", "id", "ref", "xdg", "https", "geo", "vi", "sock", "recovery", "oga",
            "ogg", "wav", "Ctrl", "Asia", "Seoul", "XDG_DATA_HOME", "XDG_RUNTIME_DIR", "KIT_SOCKET", "EDITOR",
            "VISUAL", "AND", "OR",
            // Values a person types: repeat rules, due times, sounds, sort orders, kinds, fields.
            "daily", "weekly", "on", "mon", "wed", "fri", "next", "tomorrow", "yesterday", "today", "pm", "in",
            "alarm", "clock", "elapsed", "bell", "complete", "off", "most", "recent", "pot", "cup", "stir", "fried",
            "drained", "cold", "shin", "nongshim", "category", "value", "area", "kind", "avoid", "command", "start",
            "left", "end", "number", "lap", "total", "lap_seconds", "total_seconds", "note", "at", "text",
            "tooltip", "class", "percentage", "timer_name", "timer_left", "timers", "stopwatches", "task_title",
            "task_due", "rain", "by", "the", "river", "alarm_title", "alarm_at", "work", "dry",
        ]

        static let placeholders: Set<String> = [
            "REF", "WHEN", "RULE", "FILE", "DURATION", "SOUND", "NAME", "QUERY", "DATE", "YEAR", "TEXT", "DIR",
        ]

        /// The Latin words of `text` that are none of the above, nor a name of kitctl's.
        static func english(_ text: String, commandNames: Set<String>) throws -> [String] {
            var found: [String] = []
            // Quoted and bracketed values, a command line, a path, an English name in parentheses
            // (the catalog's `신라면 (Shin Ramyun)`).
            let quoted = try Regex(
                #"'[^']*'|"[^"]*"|`[^`]*`|<[^>]*>|kitctl [^가-힣]*|\{[^}]*\}|\S*/\S*|\([A-Za-z][A-Za-z ]*\)"#)
            let word = try Regex("[A-Za-z][A-Za-z_]+")
            for line in text.split(separator: "\n") where !line.hasPrefix("사용법:") {
                var rest = String(line).replacing(quoted, with: "")
                // The column of option and subcommand names.
                rest = rest.replacing(
                    try Regex(#"^\s+(-[-\w]+(, )?)+( <[^>]*>)?|^\s+[a-z][a-z-]*(, [a-z-]+)?\s{2,}"#), with: "")
                for match in rest.matches(of: word) {
                    let text = String(rest[match.range])
                    // A placeholder: the value's name in capitals (WHEN, REF, DIR).
                    let placeholder = text.allSatisfy(\.isUppercase) && placeholders.contains(text)
                    if !names.contains(text) && !commandNames.contains(text) && !placeholder { found.append(text) }
                }
            }
            return found
        }

        /// A session a new user might have, every noun's commands with their replies, tables and
        /// refusals; the ramen catalog's own texts (its steps, memo and sources, in English) and
        /// the person's values are left out of the scan.
        static let session: [[String]] = [
            ["status"], ["today"], ["calendars"], ["timer", "start", "5m", "--name", "차"], ["timer", "list"],
            ["timer", "show", "차"],
            ["timer", "pause", "차"], ["timer", "pause", "차"], ["timer", "resume", "차"], ["timer", "add", "차", "1m"],
            ["timer", "start", "5x"], ["timer", "cancel", "없음"], ["ramen", "fav", "add", "신라면"],
            ["ramen", "fav", "list"], ["ramen", "set", "신라면", "--time", "4m"], ["ramen", "cook", "없는라면"],
            ["sw", "new", "공부"], ["sw", "start", "공부"], ["sw", "show", "공부"], ["sw", "stop", "공부"], ["sw", "list"],
            ["sw", "laps", "공부"], ["sw", "show", "없음"],
            ["task", "add", "치과", "--due", "내일 오전 9시", "--remind", "1시간"],
            ["task", "add", "운동", "--due", "금요일", "--repeat", "매주 화·목"],
            ["task", "add", "생신", "--due", "음력 3월 14일", "--repeat", "매년 음력 3월 14일"],
            ["task", "add", "나쁨", "--due", "내일", "--repeat", "가끔"], ["task", "list"], ["task", "show", "치과"],
            ["task", "snooze", "치과", "10분"], ["task", "done", "운동"], ["task", "show", "없음"], ["agenda"],
            ["agenda", "--month"], ["holidays", "2027"], ["holidays", "2025"], ["memo", "add", "장보기"],
            ["memo", "list"],
            ["memo", "show", "장보기"], ["memo", "show", "없음"], ["diary", "write", "--message", "첫눈"], ["diary", "list"],
            ["diary", "show", "첫눈"], ["diary", "on-this-day"],
            ["place", "add", "김밥", "--tag", "area=수원", "--tag", "kind=분식"],
            ["place", "list"], ["place", "show", "김밥"], ["place", "tags"], ["place", "pick"],
            ["place", "pick", "--tag", "kind=중식"], ["place", "show", "없음"], ["sync", "status"],
        ]

        /// Words a reply may hold that are no English: paths, a process id, units, formats, the
        /// catalog's maker and kind, the time zone's name and the English forms a refusal offers.
        static let replyNames: Set<String> = [
            "pid", "tmp", "run", "data", "sock", "sqlite", "ms", "Nongshim", "Asia", "Seoul", "tasks",
            "shin",
            "ramyun", "nongshim", "pm", "tomorrow", "fri", "next", "mon", "in", "local", "share", "KR", "ml",
        ]

        @Test("a session through every noun under ko_KR replies, lists and refuses in Korean")
        func replies() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            kit.extraEnvironment["TZ"] = "Asia/Seoul"
            try kit.useLocale("ko_KR.UTF-8")
            try kit.startKitd()
            // The catalog's own texts, as `ramen show` labels them.
            let catalog = ["단계:", "메모:", "출처:", "읽기:"]
            for arguments in Self.session {
                let result = try kit.kitctl(arguments)
                let lines = (result.stdout + "\n" + result.stderr).split(separator: "\n").filter { line in
                    !catalog.contains { line.hasPrefix($0) }
                }
                let english = try Self.english(lines.joined(separator: "\n"), commandNames: Self.replyNames)
                #expect(english.isEmpty, "kitctl \(arguments.joined(separator: " ")): \(english)\n\(result)")
            }
        }

        /// Every command with an example that runs, each with the state its example needs; the
        /// example is run against a fresh kitd after those steps. A file the example names
        /// (`tasks.ics`, `places.csv`, `--out 일기`) is in the kit's own folder.
        static let exampled: [(path: [String], setUp: [[String]])] = [
            (["status"], []), (["today"], []), (["agenda"], []), (["holidays"], []), (["calendars"], []),
            (["reload"], []),
            (["timer", "start"], []), (["timer", "list"], []), (["timer", "show"], [Self.timer("차")]),
            (["timer", "pause"], [Self.timer("차")]),
            (["timer", "resume"], [Self.timer("차"), ["timer", "pause", "차"]]),
            (["timer", "add"], [Self.timer("라면")]), (["timer", "cancel"], [Self.timer("차"), Self.timer("라면")]),
            // It waits until the timer fires, three seconds on.
            (["timer", "wait"], [["timer", "start", "3s", "--name", "차"]]),
            (["ramen", "list"], []), (["ramen", "show"], []), (["ramen", "cook"], []), (["ramen", "set"], []),
            (["ramen", "add"], []), (["ramen", "remove"], [["ramen", "add", "엄마표", "라면", "--time", "4m"]]),
            (["ramen", "hide"], []), (["ramen", "unhide"], [["ramen", "hide", "안성탕면"]]),
            (["ramen", "fav", "list"], [["ramen", "fav", "add", "신라면"]]), (["ramen", "fav", "add"], []),
            (["ramen", "fav", "remove"], [["ramen", "fav", "add", "짜파게티"]]),
            (["ramen", "fav", "move"], [["ramen", "fav", "add", "신라면"], ["ramen", "fav", "add", "너구리"]]),
            (["sw", "new"], []), (["sw", "start"], [["sw", "new", "공부"]]),
            (["sw", "stop"], [["sw", "new", "공부", "--start"]]),
            (["sw", "lap"], [["sw", "new", "공부", "--start"]]), (["sw", "list"], []),
            (["sw", "show"], [["sw", "new", "공부"]]),
            (["sw", "laps"], [["sw", "new", "공부"]]), (["sw", "export"], [["sw", "new", "공부"]]),
            (["sw", "reset"], [["sw", "new", "공부"]]), (["sw", "rename"], [["sw", "new", "공부"]]),
            (["sw", "delete"], [["sw", "new", "공부"]]),
            (["task", "add"], []), (["task", "list"], []), (["task", "show"], [Self.task("치과")]),
            (["task", "done"], [Self.task("치과")]), (["task", "undo"], [Self.task("치과"), ["task", "done", "치과"]]),
            (["task", "snooze"], [["task", "add", "치과", "--due", "1분 후"]]), (["task", "edit"], [Self.task("standup")]),
            (["task", "delete"], [Self.task("치과")]), (["task", "export"], [Self.task("치과")]),
            (["place", "add"], []), (["place", "edit"], [Self.place]), (["place", "remove"], [Self.place]),
            (["place", "list"], [Self.place]), (["place", "show"], [Self.place]), (["place", "tags"], [Self.place]),
            (["place", "pick"], [["place", "add", "칼국수", "--tag", "area=수원역"]]),
            (["place", "visited"], [Self.place]), (["place", "history"], [Self.place, ["place", "visited", "칼국수"]]),
            (["place", "export"], [Self.place]),
            (
                ["place", "import"],
                [Self.place, ["place", "export", "--csv", "places.csv"], ["place", "remove", "칼국수"]]
            ),
            (["memo", "add"], []), (["memo", "list"], [Self.memo]), (["memo", "show"], [Self.memo]),
            (["memo", "search"], [["memo", "add", "두부 사 오기"]]), (["memo", "pin"], [Self.memo]),
            (["memo", "unpin"], [Self.memo, ["memo", "pin", "장보기"]]), (["memo", "delete"], [Self.memo]),
            (["diary", "write"], []), (["diary", "edit"], [Self.diary]), (["diary", "list"], [Self.diary]),
            (["diary", "show"], [Self.diary]), (["diary", "search"], [Self.diary]),
            (["diary", "on-this-day"], []), (["diary", "export"], [Self.diary]), (["diary", "share"], [Self.diary]),
            (["diary", "delete"], [Self.diary]),
            (["sync", "status"], []),
        ]

        static func timer(_ name: String) -> [String] { ["timer", "start", "5m", "--name", name] }
        static func task(_ title: String) -> [String] { ["task", "add", title, "--due", "내일 오전 9시"] }
        static let place = ["place", "add", "칼국수", "--tag", "area=수원역", "--tag", "kind=한식"]
        static let memo = ["memo", "add", "장보기"]
        static let diary = ["diary", "write", "-m", "첫눈"]

        /// Commands whose example is checked in both languages but run differently: `bar` runs
        /// until interrupted (it is run until its first line), and `task import` names a file
        /// of the reader's (it is run on one written for it, by its full path).
        static let shown: [[String]] = [["bar"], ["task", "import"]]

        /// Commands whose example is not run, only parsed (against no kitd, which every one of
        /// them needs first): `events` and `sw watch` run until interrupted, `place open` starts
        /// a browser, `memo edit` an editor, and `sync run` a sync command (vdirsyncer) with a
        /// server behind it.
        static let parsedOnly: [[String]] = [
            ["events"], ["sw", "watch"], ["place", "open"], ["memo", "edit"], ["sync", "run"],
        ]

        /// The example in `path`'s help, as kitctl's words after `kitctl`.
        static func example(_ kit: KitdHarness, _ path: [String]) throws -> String {
            let english = try kit.kitctl(path + ["--help"])
            let text = english.stdout.replacing("\n", with: " ")
            let start = try #require(text.firstRange(of: "Example: kitctl "), "\(path): \(english)")
            var line = String(text[start.upperBound...])
            // The example runs to the end of the help's text (after it, only the usage), to the end
            // of its sentence, to a second example (`; kitctl …`) or to a remark in parentheses.
            for end in ["  ", ". ", "; ", " ("] {
                if let range = line.range(of: end) { line = String(line[..<range.lowerBound]) }
            }
            return line.trimmingWhitespace()
        }

        /// `words` with the files they name (`tasks.ics`, `--out 일기`) in `kit`'s own folder.
        static func inRoot(_ words: [String], _ kit: KitdHarness) -> [String] {
            words.indices.map { index in
                let word = words[index]
                let file = [".ics", ".csv", ".json"].contains { word.hasSuffix($0) && !word.hasPrefix("-") }
                return file || (index > 0 && words[index - 1] == "--out") ? kit.root.path + "/" + word : word
            }
        }

        /// Every kitctl command's path (`["timer", "start"]`), whether it has subcommands, and
        /// the names a help may show: commands, aliases, options and value names.
        static func commands(_ kit: KitdHarness) throws -> (paths: [(path: [String], leaf: Bool)], names: Set<String>) {
            let dump = try kit.kitctl(["--experimental-dump-help"])
            let tree = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
            var paths: [(path: [String], leaf: Bool)] = []
            var names: Set<String> = []
            func walk(_ command: [String: Any], _ path: [String]?) {
                let name = command["commandName"] as? String ?? ""
                let here = path.map { $0 + [name] } ?? []
                let subcommands = command["subcommands"] as? [[String: Any]] ?? []
                paths.append((here, subcommands.isEmpty))
                names.insert(name)
                for alias in command["aliases"] as? [String] ?? [] { names.insert(alias) }
                for argument in command["arguments"] as? [[String: Any]] ?? [] {
                    for entry in argument["names"] as? [[String: Any]] ?? [] {
                        if let name = entry["name"] as? String { names.insert(name) }
                    }
                    if let value = argument["valueName"] as? String { names.insert(value) }
                }
                for sub in subcommands { walk(sub, here) }
            }
            walk(try #require(tree["command"] as? [String: Any]), nil)
            return (paths, names)
        }

        /// `kitctl a 'b c'` as its words.
        static func words(_ line: String) -> [String] {
            var words: [String] = []
            var current = ""
            var quoted = false
            for character in line {
                if character == "'" {
                    quoted.toggle()
                } else if character == " " && !quoted {
                    if !current.isEmpty { words.append(current) }
                    current = ""
                } else {
                    current.append(character)
                }
            }
            if !current.isEmpty { words.append(current) }
            return words
        }

        @Test("every kitctl command carries an example in English and in Korean, and the example runs")
        func examples() throws {
            let korean = try KitdHarness()
            defer { korean.tearDown() }
            try korean.useLocale("ko_KR.UTF-8")
            // Every command without subcommands has an example, and is in one of the lists here;
            // but ArgumentParser's own `kitctl help`, which shows another command's help.
            let leaves = try Self.commands(korean).paths.filter { $0.leaf && $0.path != ["help"] }.map(\.path)
            #expect(leaves.count > 75)
            let listed = Self.exampled.map(\.path) + Self.shown + Self.parsedOnly
            // Each leaf's Korean help, read once: the examples below are checked against it.
            var helps: [[String]: String] = [:]
            for path in leaves {
                let help = try korean.kitctl(path + ["--help"], timeout: .seconds(10))
                helps[path] = help.stdout.replacing("\n", with: " ")
                #expect(help.stdout.contains("예: kitctl "), "kitctl \(path.joined(separator: " ")) has no example")
                #expect(listed.contains(path), "kitctl \(path.joined(separator: " ")) is in no list of KoreanHelpTests")
            }
            #expect(Set(listed).count == listed.count && Set(listed).isSubset(of: Set(leaves)), "\(listed)")
            for (path, setUp) in Self.exampled {
                let kit = try KitdHarness()
                defer { kit.tearDown() }
                kit.extraEnvironment["TZ"] = "Asia/Seoul"
                try kit.startKitd()
                let example = try Self.example(kit, path)
                let arguments = Self.words(example)
                #expect(Array(arguments.prefix(path.count)) == path, "\(example)")
                for step in setUp {
                    let done = try kit.kitctl(Self.inRoot(step, kit))
                    #expect(done.exitCode == 0, "\(path): kitctl \(step.joined(separator: " ")): \(done)")
                }
                let ran = try kit.kitctl(Self.inRoot(arguments, kit))
                #expect(ran.exitCode == 0, "kitctl \(example): \(ran)")
                #expect(helps[path]?.contains("예: kitctl " + example) == true, "\(helps[path] ?? "no help")")
            }
            // The ones not run: with no kitd, each is refused for that, not for its words.
            let english = try KitdHarness()
            defer { english.tearDown() }
            for path in Self.parsedOnly {
                let example = try Self.example(english, path)
                let arguments = Self.words(example)
                #expect(Array(arguments.prefix(path.count)) == path, "\(example)")
                let ran = try english.kitctl(arguments, timeout: .seconds(10))
                #expect(ran.exitCode == 1 && ran.stderr.contains("kitd is not running"), "kitctl \(example): \(ran)")
                #expect(!ran.stderr.contains("Usage"), "kitctl \(example): \(ran)")
                #expect(helps[path]?.contains("예: kitctl " + example) == true, "\(helps[path] ?? "no help")")
            }
        }

        @Test("bar and task import carry an example in English and in Korean, and it does what it shows")
        func streamingAndFileExamples() throws {
            for path in Self.shown {
                let kit = try KitdHarness()
                defer { kit.tearDown() }
                try kit.startKitd()
                let example = try Self.example(kit, path)
                var arguments = Self.words(example)
                #expect(Array(arguments.prefix(path.count)) == path, "\(example)")
                if path == ["bar"] {
                    let bar = try Subprocess(
                        Binaries.kitctl, arguments, environment: kit.environment, outputDirectory: kit.root.path,
                        name: "bar")
                    defer { bar.stop() }
                    // Nothing runs: the format's placeholders are empty, and the line is their separator.
                    #expect(
                        Subprocess.waitUntil(timeout: .seconds(10)) { bar.stdout.hasPrefix(" · \n") }, "\(bar.stdout)")
                } else {
                    let file = try #require(arguments.firstIndex { $0.hasSuffix(".ics") })
                    try [
                        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN", "BEGIN:VTODO", "UID:t@example.com",
                        "DTSTAMP:20261201T000000Z", "DUE:20301201T090000Z", "SUMMARY:Bins", "END:VTODO",
                        "END:VCALENDAR", "",
                    ].joined(separator: "\r\n").write(
                        toFile: kit.root.path + "/" + arguments[file], atomically: true, encoding: .utf8)
                    arguments[file] = kit.root.path + "/" + arguments[file]
                    let ran = try kit.kitctl(arguments)
                    #expect(ran.exitCode == 0 && ran.stdout.contains("1 task"), "kitctl \(example): \(ran)")
                    // A dry run changes nothing.
                    #expect(try kit.kitctlJSON(["task", "list", "--all"], as: TaskListResult.self).tasks.isEmpty)
                }
                try kit.useLocale("ko_KR.UTF-8")
                let korean = try kit.kitctl(path + ["--help"])
                #expect(korean.stdout.replacing("\n", with: " ").contains("예: kitctl " + example), "\(korean.stdout)")
            }
        }

        @Test(
            "every kitctl command's help under ko_KR is Korean, no English word but names and values, and fits 80 columns"
        )
        func help() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.useLocale("ko_KR.UTF-8")
            let (commands, names) = try Self.commands(kit)
            let paths = commands.map(\.path)
            #expect(paths.count > 80)
            for path in paths {
                let shown = try kit.kitctl(path + ["--help"])
                #expect(shown.exitCode == 0 && shown.stdout.contains("사용법:"), "\(path): \(shown)")
                let english = try Self.english(shown.stdout, commandNames: names)
                #expect(english.isEmpty, "kitctl \(path.joined(separator: " ")) --help: \(english)\n\(shown.stdout)")
                // Wrapped at 80 columns, not 80 characters: a Hangul syllable takes two. The usage
                // line is left whole, as in English.
                let wide = shown.stdout.split(separator: "\n").filter { !$0.hasPrefix("사용법:") && Self.cells($0) > 80 }
                #expect(wide.isEmpty, "kitctl \(path.joined(separator: " ")) --help: \(wide)")
            }
        }

        /// Terminal cells, a Hangul or CJK character taking two.
        static func cells(_ line: Substring) -> Int {
            line.unicodeScalars.reduce(0) { sum, scalar in
                let wide: [ClosedRange<UInt32>] = [
                    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                    0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
                ]
                return sum + (wide.contains { $0.contains(scalar.value) } ? 2 : 1)
            }
        }
    }
}
