import Foundation
import Testing

@testable import KitDaemon

@Suite("The config file's [sync], [vdir], [popups] and [sound] tables")
struct KitSettingsTests {
    @Test("no [sync] table runs no sync command; the defaults are 15 min, 5 s after a change, and a 5 min timeout")
    func defaults() throws {
        let settings = try KitSettings.parse("")
        #expect(settings.syncCommand == nil)
        #expect(settings.syncInterval == 15 * 60 * 1_000_000_000)
        #expect(settings.syncAfterChange == 5 * 1_000_000_000)
        #expect(settings.syncTimeout == 5 * 60 * 1_000_000_000)
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
        #expect(settings.syncCommand == "vdirsyncer sync kit")
        #expect(settings.syncInterval == 0)
        #expect(settings.syncAfterChange == 10 * 1_000_000_000)
        #expect(settings.syncTimeout == 120 * 1_000_000_000)
        #expect(try KitSettings.parse("[sync]\ncommand = \"x\"\nafter_change = \"off\"").syncAfterChange == 0)
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
        let plain = try KitSettings.parse("[vdir]\ntasks = \"/v/tasks\"\nmemos = \"off\"")
        #expect(plain.vdirPath(plain.vdirTasks, named: "tasks", dataDirectory: "/d")! == ("/v/tasks", false))
        #expect(plain.vdirPath(plain.vdirMemos, named: "memos", dataDirectory: "/d") == nil)
        #expect(plain.vdirPath(plain.vdirDiary, named: "diary", dataDirectory: "/d") == nil)
        let synced = try KitSettings.parse("[vdir]\nmemos = \"OFF\"\n[sync]\ncommand = \"vdirsyncer sync kit\"")
        #expect(synced.vdirPath(synced.vdirDiary, named: "diary", dataDirectory: "/d")! == ("/d/vdir/diary", true))
        #expect(synced.vdirPath(synced.vdirMemos, named: "memos", dataDirectory: "/d") == nil)
    }
}

extension KitSettingsTests {
    @Test("[popups] burst_after is 5 unless set, and must be a whole number from 1 to 100")
    func burstAfter() throws {
        #expect(try KitSettings.parse("").popupBurstAfter == 5)
        #expect(try KitSettings.parse("[popups]\nburst_after = 12").popupBurstAfter == 12)
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
        let sounds = settings.sounds
        #expect(sounds.sound(for: .timer) == PopupSound(choice: .theme("complete"), volume: 70))
        #expect(sounds.sound(for: .ramenStep) == PopupSound(choice: .file(file), volume: 20))
        #expect(sounds.sound(for: .ramen) == PopupSound(choice: .theme("alarm-clock-elapsed"), volume: 20))
        #expect(sounds.sound(for: .task) == PopupSound(choice: .off, volume: 70))
        #expect(sounds.sound(for: .taskAlert) == PopupSound(choice: .theme("message-new-instant"), volume: 70))
        #expect(try KitSettings.parse("").sounds == SoundSettings())
    }

    @Test("~/ in a [sound] file is the home directory")
    func soundHome() throws {
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        let name = ".kit-gong-\(getpid()).wav"
        try Data("RIFF".utf8).write(to: URL(fileURLWithPath: home + "/" + name))
        defer { try? FileManager.default.removeItem(atPath: home + "/" + name) }
        let settings = try KitSettings.parse("[sound]\nstopwatch = \"~/\(name)\"")
        #expect(settings.sounds.sound(for: .stopwatch).choice == .file(home + "/" + name))
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
