import Foundation
import KitCore
import Testing

@testable import KitDaemon

@Suite("The config file's [sync], [vdir], [popups] and [sound] tables")
struct KitSettingsTests {
    @Test("no [sync] table runs no sync command; the defaults are 15 min, 5 s after a change, and a 5 min timeout")
    func defaults() throws {
        let settings = try KitSettings.parse("")
        #expect(settings[SyncSettings.self].command == nil)
        #expect(settings[SyncSettings.self].interval == 15 * 60 * Nanoseconds.second)
        #expect(settings[SyncSettings.self].afterChange == 5 * Nanoseconds.second)
        #expect(settings[SyncSettings.self].timeout == 5 * 60 * Nanoseconds.second)
    }

    @Test("a command, an interval, a delay after changes and a timeout are read; \"off\" turns the first two off")
    func reads() throws {
        let settings = try KitSettings.parse(
            """
            [sync]
            command = "vdirsyncer sync kit"
            interval = "off"
            after_change = "10s"
            timeout = "2m"
            """)
        #expect(settings[SyncSettings.self].command == "vdirsyncer sync kit")
        #expect(settings[SyncSettings.self].interval == 0)
        #expect(settings[SyncSettings.self].afterChange == 10 * Nanoseconds.second)
        #expect(settings[SyncSettings.self].timeout == 120 * Nanoseconds.second)
        #expect(
            try KitSettings.parse("[sync]\ncommand = \"x\"\nafter_change = \"off\"")[SyncSettings.self].afterChange == 0
        )
    }

    @Test(
        "a bad [sync] table is refused with what to write: no command, an empty one, a timeout that is off, an unknown key",
        arguments: [
            ("[sync]\ninterval = \"5m\"", "sync.command is not"),
            ("[sync]\ncommand = \"  \"", "sync.command must be a command"),
            ("[sync]\ncommand = 3", "sync.command must be a command"),
            ("[sync]\ncommand = \"x\"\ntimeout = \"off\"", "sync.timeout"),
            ("[sync]\ncommand = \"x\"\ninterval = \"10ms\"", "under a second"),
            ("[sync]\ncommand = \"x\"\nevery = \"5m\"", "unknown key 'every' in [sync]"),
        ])
    func refuses(text: String, message: String) {
        #expect {
            _ = try KitSettings.parse(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(
        "a collection is kept where [vdir] says; with a sync command and no path, in the data directory; \"off\" keeps none"
    )
    func vdirPaths() throws {
        func path(_ settings: KitSettings, _ name: String) -> (String, Bool)? {
            settings[VdirSettings.self].path(named: name, sync: settings[SyncSettings.self], dataDirectory: "/d")
        }
        let plain = try KitSettings.parse("[vdir]\ntasks = \"/v/tasks\"\nmemos = \"off\"")
        #expect(path(plain, "tasks")! == ("/v/tasks", false))
        #expect(path(plain, "memos") == nil)
        #expect(path(plain, "diary") == nil)
        let synced = try KitSettings.parse("[vdir]\nmemos = \"OFF\"\n[sync]\ncommand = \"vdirsyncer sync kit\"")
        #expect(path(synced, "diary")! == ("/d/vdir/diary", true))
        #expect(path(synced, "memos") == nil)
    }
}

extension KitSettingsTests {
    @Test("[popups] burst_after is 5 unless set, and must be a whole number from 1 to 100")
    func burstAfter() throws {
        #expect(try KitSettings.parse("")[PopupSettings.self].burstAfter == 5)
        #expect(try KitSettings.parse("[popups]\nburst_after = 12")[PopupSettings.self].burstAfter == 12)
        for bad in ["0", "101", "\"5\"", "2.5"] {
            #expect {
                _ = try KitSettings.parse("[popups]\nburst_after = \(bad)")
            } throws: { error in
                "\(error)".contains("popups.burst_after must be a whole number from 1 to 100")
            }
        }
        #expect(throws: ConfigError.self) { try KitSettings.parse("[popups]\nburst = 5") }
    }
}

extension KitSettingsTests {
    @Test("[sound] sets a sound per kind (a theme name, a file, off) and volumes, for all kinds or one family")
    func sounds() throws {
        let file = FileManager.default.temporaryDirectory.path + "/kit-gong-\(getpid()).oga"
        try Data("OggS".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let settings = try KitSettings.parse(
            """
            [sound]
            timer = "complete"
            ramen_step = "\(file)"
            task = "off"
            volume = 70
            ramen_volume = 20
            """)
        let sounds = settings[SoundSettings.self]
        #expect(sounds.sound(for: SoundKind.timer) == PopupSound(choice: .theme("complete"), volume: 70))
        #expect(sounds.sound(for: SoundKind.ramenStep) == PopupSound(choice: .file(file), volume: 20))
        #expect(sounds.sound(for: SoundKind.ramen) == PopupSound(choice: .theme("alarm-clock-elapsed"), volume: 20))
        #expect(sounds.sound(for: SoundKind.task) == PopupSound(choice: .off, volume: 70))
        #expect(sounds.sound(for: SoundKind.taskAlert) == PopupSound(choice: .theme("message-new-instant"), volume: 70))
        #expect(try KitSettings.parse("")[SoundSettings.self] == SoundSettings())
    }

    @Test("~/ in a [sound] file is the home directory")
    func soundHome() throws {
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        let name = ".kit-gong-\(getpid()).wav"
        try Data("RIFF".utf8).write(to: URL(fileURLWithPath: home + "/" + name))
        defer { try? FileManager.default.removeItem(atPath: home + "/" + name) }
        let settings = try KitSettings.parse("[sound]\nstopwatch = \"~/\(name)\"")
        #expect(settings[SoundSettings.self].sound(for: SoundKind.stopwatch).choice == .file(home + "/" + name))
    }

    @Test(
        "a bad [sound] table is refused with what to write",
        arguments: [
            ("[sound]\ntimer = 3", "sound.timer must be a sound in quotes, such as \"alarm-clock-elapsed\""),
            ("[sound]\ntimer = \"gong.oga\"", "sound.timer: the sound file 'gong.oga' is not an absolute path"),
            ("[sound]\ntask = \"/nowhere/gong.oga\"", "sound.task: there is no file /nowhere/gong.oga"),
            ("[sound]\ntask = \"/tmp\"", "sound.task: /tmp is not a file"),
            ("[sound]\nstopwatch = \"ding dong\"", "sound.stopwatch: 'ding dong' is not a sound"),
            ("[sound]\nvolume = 0", "sound.volume must be a whole number from 1 to 100 (percent)"),
            ("[sound]\ntask_volume = 101", "sound.task_volume must be a whole number from 1 to 100"),
            ("[sound]\nvolume = \"50%\"", "sound.volume must be a whole number"),
            ("[sound]\ntimers = \"bell\"", "unknown key 'timers' in [sound]; known: ramen, ramen_step, ramen_volume"),
        ])
    func refusesSounds(text: String, message: String) {
        #expect {
            _ = try KitSettings.parse(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}

extension KitSettingsTests {
    @Test("every key each section declares is in kit.toml(5), and the page names no other")
    func documented() throws {
        let page = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/man/kit.toml.5"), encoding: .utf8)
        // Under TABLES AND KEYS, each entry's tag names its table and keys: `.B [vdir] tasks, diary, memos`.
        var documented: Set<String> = []
        var inKeys = false
        for line in page.split(separator: "\n") {
            if line.hasPrefix(".SH ") {
                inKeys = line == ".SH TABLES AND KEYS"
                continue
            }
            guard inKeys, line.hasPrefix(".B ["), let close = line.firstIndex(of: "]") else { continue }
            let section = line[line.index(line.startIndex, offsetBy: 4)..<close]
            for key in line[line.index(after: close)...].split(separator: ",") {
                documented.insert("\(section).\(key.drop { $0 == " " })")
            }
        }
        let declared = Set(Daemon.configSections.flatMap { section in section.keys.map { "\(section.name).\($0)" } })
        #expect(declared.subtracting(documented).isEmpty, "not in kit.toml(5): \(declared.subtracting(documented))")
        #expect(documented.subtracting(declared).isEmpty, "not declared: \(documented.subtracting(declared))")
        #expect(declared.count >= 20)
    }

    @Test("an error names the line and column of the key, or of the table, it is about")
    func positions() throws {
        func message(_ text: String) -> String {
            do {
                _ = try KitSettings.parse(text)
                return ""
            } catch { return error.message }
        }
        #expect(
            message("[tasks]\nsnooze = \"10m\"\n  \"bogus\" = 1\n").hasPrefix("line 3, column 3: unknown key 'bogus'"))
        #expect(message("\n\n[nope]\n").hasPrefix("line 3, column 1: unknown section [nope]"))
        #expect(message("[popups]\nburst_after = 0\n").hasPrefix("line 2, column 1: popups.burst_after"))
        #expect(message("[tasks]\nsnooze = \n").hasPrefix("line 2, column "))
    }

    @Test("a reload compares what each table says: a table set the same way is unchanged, however it is spaced")
    func changedTables() throws {
        let before = try KitSettings.parse("[tasks]\nsnooze = \"10m\"\n[popups]\nburst_after = 5\n")
        let same = try KitSettings.parse("[popups]\nburst_after=5\n\n[tasks]\n  snooze = \"10m\"  # a comment\n")
        #expect(before.changedTables(comparedWith: same).isEmpty)
        let after = try KitSettings.parse("[tasks]\nsnooze = \"15m\"\n[sound]\nvolume = 50\n")
        #expect(before.changedTables(comparedWith: after) == ["popups", "sound", "tasks"])
    }
}

extension KitSettingsTests {
    @Test(
        "[tray] is on with Start timer's 3, 5, 10 and 25 minutes unless set; enabled takes true or false, durations 1 to 12 of them"
    )
    func tray() throws {
        let defaults = try KitSettings.parse("")[TraySettings.self]
        #expect(defaults.enabled)
        #expect(defaults.durations == [3, 5, 10, 25].map { Nanoseconds.minute * $0 })
        let set = try KitSettings.parse("[tray]\nenabled = false\ndurations = [\"90s\", \"1h\"]")[TraySettings.self]
        #expect(!set.enabled)
        #expect(set.durations == [Nanoseconds.second * 90, Nanoseconds.hour])
        let refusals = [
            ("enabled = \"yes\"", "tray.enabled must be true or false, without quotes"),
            ("enabled = 1", "tray.enabled must be true or false, without quotes"),
            ("durations = []", "tray.durations must list 1 to 12 durations"),
            ("durations = [\"soon\"]", "tray.durations: "),
            ("durations = [\"0.5s\"]", "must be from a second to 366 days"),
            ("durations = [\"0s\"]", "is not a positive duration"),
            ("durations = \"5m\"", "tray.durations must be a list of durations in quotes"),
        ]
        for (line, message) in refusals {
            #expect {
                _ = try KitSettings.parse("[tray]\n" + line)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }
}
