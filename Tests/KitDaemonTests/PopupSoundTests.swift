import Foundation
import KitCore
import KitProtocol
import KitStore
import Testing

@testable import KitDaemon

/// Which sound each popup carries, and who plays it. The integration tests (`SoundTests`) prove
/// the playing with PulseAudio, dunst and notification-daemon.
@Suite("Popup sounds", .serialized)
struct PopupSoundTests {
    static let second = DrivenDaemon.second

    @Test(
        "the server plays the sound when it has the `sound` capability; kitd plays it when the server lacks it or none answered; off plays nowhere"
    )
    func route() {
        let bell = PopupSound(choice: .theme("bell"))
        let file = PopupSound(choice: .file("/x/gong.oga"), volume: 40)
        let silent = PopupSound(choice: .off)
        let dunst: Set<String> = ["actions", "body", "body-markup"]
        let gnome: Set<String> = ["actions", "body", "sound", "persistence"]
        let unreachable: Set<String> = []
        #expect(SoundRoute(bell, serverCapabilities: dunst) == .kit)
        #expect(SoundRoute(file, serverCapabilities: dunst) == .kit)
        #expect(SoundRoute(bell, serverCapabilities: unreachable) == .kit)
        #expect(SoundRoute(bell, serverCapabilities: gnome) == .server)
        #expect(SoundRoute(file, serverCapabilities: gnome) == .server)
        #expect(SoundRoute(silent, serverCapabilities: gnome) == .silent)
        #expect(SoundRoute(silent, serverCapabilities: dunst) == .silent)
    }

    @Test("a volume in percent is played at PulseAudio's decibels for it: 100 % is 0 dB, 50 % about -18 dB")
    func decibels() {
        #expect(PopupSound(choice: .off, volume: 100).decibels == 0)
        #expect(abs(PopupSound(choice: .off, volume: 50).decibels - -18.0618) < 0.001)
        #expect(abs(PopupSound(choice: .off, volume: 10).decibels - -60) < 0.001)
    }

    @Test(
        "without [sound], timers and ramen play alarm-clock-elapsed, tasks and ramen steps bell, the rest message-new-instant"
    )
    func defaults() {
        let sounds = SoundSettings()
        #expect(sounds.sound(for: .timer) == PopupSound(choice: .theme("alarm-clock-elapsed"), volume: 100))
        #expect(sounds.sound(for: .ramen).choice == .theme("alarm-clock-elapsed"))
        #expect(sounds.sound(for: .ramenStep).choice == .theme("bell"))
        #expect(sounds.sound(for: .task).choice == .theme("bell"))
        #expect(sounds.sound(for: .taskAlert).choice == .theme("message-new-instant"))
        #expect(sounds.sound(for: .stopwatch).choice == .theme("message-new-instant"))
        #expect(sounds.sound(for: .timer, choice: .off) == PopupSound(choice: .off, volume: 100))
    }

    @Test(
        "a timer's popup plays its own sound, else [sound] timer at timer_volume; tasks play theirs; a pre-alert its own"
    )
    func featuresCarryTheirSounds() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let gong = kit.directory + "/gong.oga"
        try Data("OggS".utf8).write(to: URL(fileURLWithPath: gong))
        try """
        [sound]
        timer = "complete"
        timer_volume = 30
        task = "off"
        volume = 80
        """.write(toFile: kit.directory + "/config.toml", atomically: true, encoding: .utf8)
        try kit.restart()

        let plain = try kit.timers.start(TimerStartParams(durationNs: 10 * Self.second, name: "plain"))
        let own = try kit.timers.start(TimerStartParams(durationNs: 10 * Self.second, name: "own", sound: gong))
        let hush = try kit.timers.start(TimerStartParams(durationNs: 10 * Self.second, name: "hush", sound: "OFF"))
        #expect(plain.sound == nil && own.sound == gong && hush.sound == "off")
        _ = try kit.tasks.add(TaskAddParams(title: "stretch", due: "in 2m", remind: "1m"))
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 10 * Self.second)
        _ = try kit.runUntilShown(3)
        #expect(
            kit.popups.popups(containing: "plain is done").first?.sound
                == PopupSound(choice: .theme("complete"), volume: 30))
        #expect(
            kit.popups.popups(containing: "own is done").first?.sound == PopupSound(choice: .file(gong), volume: 30))
        #expect(kit.popups.popups(containing: "hush is done").first?.sound == PopupSound(choice: .off, volume: 30))
        kit.advance(by: 60 * Self.second)
        _ = try kit.runUntilShown(4)
        #expect(
            kit.popups.popups(containing: "Soon: stretch").first?.sound
                == PopupSound(choice: .theme("message-new-instant"), volume: 80))
        kit.advance(by: 60 * Self.second)
        _ = try kit.runUntilShown(5)
        #expect(kit.popups.popups(containing: "Due: stretch").first?.sound == PopupSound(choice: .off, volume: 80))

        // A timer keeps its own sound across a restart.
        let later = try kit.timers.start(TimerStartParams(durationNs: 10 * Self.second, name: "later", sound: "bell"))
        try kit.run(for: .milliseconds(50))
        try kit.restart()
        #expect(try kit.timers.get(RecordRef(String(later.id))).sound == "bell")
        kit.advance(by: 10 * Self.second)
        _ = try kit.runUntilShown(6)
        #expect(kit.popups.popups(containing: "later is done").first?.sound?.choice == .theme("bell"))
    }

    @Test("timer.start refuses a sound file that is missing, not a file, or not absolute, and a name that is no sound")
    func refusedSounds() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for (sound, message) in [
            ("/nowhere/gong.oga", "there is no file /nowhere/gong.oga"),
            (kit.directory, "is not a file"),
            ("gong.wav", "is not an absolute path"),
            ("bell?", "is not a sound"),
        ] {
            #expect {
                _ = try kit.timers.start(TimerStartParams(durationNs: Self.second, sound: sound))
            } throws: { error in
                (error as? KitError)?.message.contains(message) == true
            }
        }
    }

    @Test("a popup shown again after a crash plays the sound it had, at its volume")
    func replayKeepsSound() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        let now = kit.clock.now().wall
        var bell = PopupLedgerTests.delivery("bell is done", subject: "timer:1", at: now)
        bell.soundName = "bell"
        bell.soundVolume = 40
        var hush = PopupLedgerTests.delivery("hush is done", subject: "timer:2", at: now)
        hush.soundName = "off"
        var none = PopupLedgerTests.delivery("place picked", subject: "place:3", at: now)
        none.soundName = nil
        try PopupLedgerTests.leave([bell, hush, none], states: [.pending, .sending, .pending], in: kit)
        try kit.restart()
        let shown = try kit.runUntilShown(3)
        #expect(shown.map(\.sound) == [PopupSound(choice: .theme("bell"), volume: 40), PopupSound(choice: .off), nil])
    }

    @Test("a burst's digest makes its sound once: an update in place is silent")
    func burstDigestSoundsOnce() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        for index in 0..<8 {
            _ = try kit.timers.start(TimerStartParams(durationNs: 60 * Self.second, name: "t\(index)"))
        }
        for index in 8..<10 {
            _ = try kit.timers.start(
                TimerStartParams(durationNs: 60 * Self.second + Self.second / 2, name: "t\(index)"))
        }
        try kit.run(for: .milliseconds(50))
        kit.advance(by: 60 * Self.second)
        _ = try kit.runUntilShown(6)
        kit.advance(by: Self.second / 2)
        _ = try kit.runUntilShown(7)
        try kit.run(for: .milliseconds(100))
        let digests = kit.popups.shown.filter { $0.subject.text == "burst:1" }
        #expect(digests.count >= 2, "\(kit.popups.summaries)")
        #expect(digests.first?.sound?.choice == .theme("alarm-clock-elapsed"))
        #expect(digests.dropFirst().allSatisfy { $0.sound == nil })
        #expect(digests.last?.summary == "5 more alerts at once")
    }
}
