import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// Sounds, with real parts: a PulseAudio server of the test's own with a null sink, dunst
    /// (which does not play sounds) and GNOME's notification-daemon (which says it does).
    @Suite("Sounds")
    struct SoundTests {
        static let themeFile = "/usr/share/sounds/freedesktop/stereo/complete.oga"

        /// A kit user with a desktop running `server` and kitd playing into `pulse`.
        static func harness(
            server: DesktopSession.Server, pulse: PulseAudioServer?, config: String? = nil
        ) throws -> KitdHarness {
            let kit = try KitdHarness(desktop: try DesktopSession(server: server))
            if let pulse { kit.extraEnvironment = pulse.environment }
            var arguments = ["--log-level", "debug"]
            if let config {
                let path = kit.root.path + "/config.toml"
                try config.write(toFile: path, atomically: true, encoding: .utf8)
                arguments += ["--config", path]
            }
            try kit.startKitd(arguments: arguments)
            return kit
        }

        @Test(
            "with dunst, which plays no sounds, kitd plays each fired timer's sound itself: the theme's, a file, the configured volume, none with --silent"
        )
        func kitPlaysWithDunst() throws {
            let pulse = try PulseAudioServer()
            defer { pulse.stop() }
            let kit = try Self.harness(server: .dunst, pulse: pulse, config: "[sound]\ntimer_volume = 50\n")
            defer { kit.tearDown() }
            let watch = try pulse.watchStreams()
            defer { watch.stop() }

            _ = try kit.kitctlJSON(["timer", "start", "1s", "--name", "tea"], as: TimerInfo.self)
            let bell = try kit.kitctlJSON(
                ["timer", "start", "1.2s", "--name", "ding", "--sound", "bell"], as: TimerInfo.self)
            let gong = try kit.kitctlJSON(
                ["timer", "start", "1.4s", "--name", "gong", "--sound", Self.themeFile], as: TimerInfo.self)
            let quiet = try kit.kitctlJSON(
                ["timer", "start", "1.6s", "--name", "hush", "--silent"], as: TimerInfo.self)
            #expect(bell.sound == "bell" && gong.sound == Self.themeFile && quiet.sound == "off")

            // Each stream is seen while it plays: collect them by the popup they belong to.
            var streams: [String: PulseAudioServer.SinkInput] = [:]
            _ = try Subprocess.waitUntil(timeout: .seconds(15)) {
                for input in try pulse.sinkInputs() {
                    if let description = input.properties["event.description"] { streams[description] = input }
                }
                return streams.count >= 3
            }
            let tea = try #require(streams["tea is done"], "streams: \(streams.keys.sorted())\n\(kit.kitd!.stderr)")
            #expect(tea.properties["application.name"] == "kit")
            #expect(tea.properties["event.id"] == "alarm-clock-elapsed")
            #expect(tea.properties["media.role"] == "event")
            #expect(tea.volumePercent == 50)
            #expect(streams["ding is done"]?.properties["event.id"] == "bell")
            #expect(streams["gong is done"]?.properties["media.filename"] == Self.themeFile)

            // Every popup reached dunst; the silent timer's too, and no stream of its own.
            for name in ["tea", "ding", "gong", "hush"] {
                #expect(try kit.desktop!.waitForNotification(summaryContaining: "\(name) is done") != nil)
            }
            #expect(streams["hush is done"] == nil)
            #expect(
                Wait.holds(for: .milliseconds(500)) { watch.started.count == 3 },
                "streams started: \(watch.started.count)")
            // dunst was sent no sound hint: it would not play it, and kitd did.
            let call = try #require(kit.desktop!.notifyCalls().first { $0.contains("\"tea is done\"") })
            #expect(!call.contains("sound-name") && !call.contains("suppress-sound"), "\(call)")
            #expect(kit.kitd!.stderr.contains("sound playing"))
        }

        @Test("with a server that advertises `sound`, kitd sends the sound as a hint and plays nothing itself")
        func serverPlaysWithSoundCapability() throws {
            let pulse = try PulseAudioServer()
            defer { pulse.stop() }
            let kit = try Self.harness(server: .notificationDaemon, pulse: pulse)
            defer { kit.tearDown() }
            let watch = try pulse.watchStreams()
            defer { watch.stop() }
            let events = try kit.events()
            defer { events.stop() }
            try events.waitUntilSubscribed(socketOwner: kit)

            _ = try kit.kitctlJSON(["timer", "start", "1s", "--name", "tea"], as: TimerInfo.self)
            _ = try kit.kitctlJSON(
                ["timer", "start", "1.2s", "--name", "gong", "--sound", Self.themeFile], as: TimerInfo.self)
            _ = try kit.kitctlJSON(["timer", "start", "1.4s", "--name", "hush", "--silent"], as: TimerInfo.self)
            for name in ["tea", "gong", "hush"] {
                #expect(events.waitFor(Event.notificationShown) { $0.raw.contains("\(name) is done") } != nil)
            }
            let calls = kit.desktop!.notifyCalls()
            let tea = try #require(calls.first { $0.contains("\"tea is done\"") }, "\(calls)")
            #expect(tea.contains("string \"sound-name\" variant string \"alarm-clock-elapsed\""), "\(tea)")
            let gong = try #require(calls.first { $0.contains("\"gong is done\"") })
            #expect(gong.contains("string \"sound-file\" variant string \"\(Self.themeFile)\""), "\(gong)")
            let hush = try #require(calls.first { $0.contains("\"hush is done\"") })
            #expect(hush.contains("string \"suppress-sound\" variant boolean true"), "\(hush)")
            // notification-daemon itself plays nothing: any stream would be kitd's.
            #expect(Wait.holds(for: .seconds(1)) { watch.started.isEmpty }, "streams started: \(watch.started.count)")
            #expect(try pulse.sinkInputs().isEmpty)
            #expect(!kit.kitd!.stderr.contains("sound playing"))
        }

        @Test(
            "with no notification server at all, the timer's sound still plays; a sound the theme lacks is logged once"
        )
        func noNotificationServer() throws {
            let pulse = try PulseAudioServer()
            defer { pulse.stop() }
            let kit = try KitdHarness(desktop: try DesktopSession(notificationServer: false))
            defer { kit.tearDown() }
            kit.extraEnvironment = pulse.environment
            try kit.startKitd()
            _ = try kit.kitctlJSON(["timer", "start", "0.5s", "--name", "tea"], as: TimerInfo.self)
            let stream = try pulse.waitForSinkInput { $0.properties["event.description"] == "tea is done" }
            #expect(stream?.properties["event.id"] == "alarm-clock-elapsed", "\(kit.kitd!.stderr)")
            #expect(kit.kitd!.stderr.contains("no notification server reachable"))

            // A sound the theme lacks is said once, by name.
            for index in 0..<2 {
                _ = try kit.kitctl(["timer", "start", "0.3s", "--name", "odd\(index)", "--sound", "no-such-sound"])
                #expect(
                    try Wait.until(timeout: .seconds(5)) {
                        try kit.kitctlJSON(["timer", "show", "odd\(index)"], as: TimerInfo.self).state == .fired
                    })
            }
            #expect(Wait.until(timeout: .seconds(5)) { kit.kitd!.stderr.contains("sound.name=no-such-sound") })
            let log = kit.kitd!.stderr
            #expect(log.components(separatedBy: "the sound theme has no such sound").count == 2, "\(log)")
            #expect(log.contains("sound.name=no-such-sound"))
        }

        @Test("with no sound device, kitd says so once and keeps firing timers and showing popups")
        func noSoundDevice() throws {
            // The harness's sound server address points nowhere.
            let kit = try Self.harness(server: .dunst, pulse: nil)
            defer { kit.tearDown() }
            let events = try kit.events()
            defer { events.stop() }
            try events.waitUntilSubscribed(socketOwner: kit)
            for (index, length) in ["1s", "1.3s", "1.6s"].enumerated() {
                _ = try kit.kitctl(["timer", "start", length, "--name", "t\(index)"])
            }
            for index in 0..<3 {
                #expect(events.waitFor(Event.notificationShown) { $0.raw.contains("t\(index) is done") } != nil)
            }
            let said = { kit.kitd!.stderr.components(separatedBy: "no sound device or sound server").count - 1 }
            #expect(
                Wait.until(timeout: .seconds(5)) { said() >= 1 } && Wait.holds(for: .milliseconds(300)) { said() == 1 })
            let log = kit.kitd!.stderr
            let warnings = log.components(separatedBy: "no sound device or sound server").count - 1
            #expect(warnings == 1, "\(log)")
            #expect(kit.kitd!.isRunning)
            let later = try kit.kitctlJSON(["timer", "start", "0.5s", "--name", "later"], as: TimerInfo.self)
            #expect(events.waitFor(Event.timerFired) { $0.raw.contains("\"later\"") } != nil)
            #expect(try kit.kitctlJSON(["timer", "show", String(later.id)], as: TimerInfo.self).state == .fired)
        }

        @Test(
            "a sound that cannot be played is refused at start: a missing file, a relative path over the protocol, a bad name"
        )
        func refusedSounds() throws {
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            try kit.startKitd()
            let missing = try kit.kitctl(["timer", "start", "5m", "--sound", "/nowhere/gong.oga"])
            #expect(missing.exitCode == 1)
            #expect(missing.stderr.contains("--sound: cannot use /nowhere/gong.oga: No such file or directory"))
            let both = try kit.kitctl(["timer", "start", "5m", "--sound", "bell", "--silent"])
            #expect(both.exitCode == 1 && both.stderr.contains("give --sound or --silent, not both"))
            let name = try kit.kitctl(["timer", "start", "5m", "--sound", "bell!"])
            #expect(name.exitCode == 1 && name.stderr.contains("'bell!' is not a sound"), "\(name)")

            let connection = try kit.connect()
            for (sound, message) in [
                ("/nowhere/gong.oga", "there is no file /nowhere/gong.oga"),
                ("gong.oga", "is not an absolute path"),
                ("/tmp", "/tmp is not a file"),
                (String(repeating: "b", count: 101), "the limit is 100"),
            ] {
                #expect {
                    _ = try connection.call(
                        Method.timerStart, TimerStartParams(durationNs: 300_000_000_000, sound: sound))
                } throws: { error in
                    guard case .refused(let refusal) = error as? ClientError else { return false }
                    return refusal.code == ErrorCode.invalidArgument && refusal.message.contains(message)
                }
            }

            let chosen =
                try kit.kitctlJSON(["timer", "start", "5m", "--name", "gong", "--sound", Self.themeFile])
                as TimerInfo
            let shown = try kit.kitctl(["timer", "show", "gong"])
            #expect(shown.stdout.contains("sound:    \(Self.themeFile)"), "\(shown)")
            kit.stopKitd()
            try kit.startKitd()
            #expect(
                try kit.kitctlJSON(["timer", "show", String(chosen.id)], as: TimerInfo.self).sound == Self.themeFile)
        }
    }
}
