import Testing

@testable import KitDaemon

@Suite("The config file's [sync] and [vdir] tables")
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
