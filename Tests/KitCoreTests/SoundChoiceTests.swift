import KitCore
import Testing

@Suite("Sound choices")
struct SoundChoiceTests {
    @Test(
        "a sound is a theme name, an absolute path to a file, or off; its text reads back the same",
        arguments: [
            ("alarm-clock-elapsed", SoundChoice.theme("alarm-clock-elapsed")),
            ("  bell ", .theme("bell")),
            ("message_new-instant2", .theme("message_new-instant2")),
            ("off", .off),
            ("OFF", .off),
            (
                "/usr/share/sounds/freedesktop/stereo/complete.oga",
                .file("/usr/share/sounds/freedesktop/stereo/complete.oga")
            ),
            ("/home/me/Gong 2.WAV", .file("/home/me/Gong 2.WAV")),
        ])
    func reads(text: String, choice: SoundChoice) throws {
        #expect(try SoundChoice.parse(text) == choice)
        #expect(try SoundChoice.parse(choice.text) == choice)
    }

    @Test(
        "what is neither is refused with the forms a sound takes: empty, a relative file, punctuation, too long",
        arguments: [
            ("", "the sound is empty"),
            ("gong.oga", "'gong.oga' is not an absolute path"),
            ("./gong.ogg", "is not an absolute path"),
            ("~/gong.wav", "is not an absolute path"),
            ("bell!", "'bell!' is not a sound; give a name from the sound theme"),
            ("gong.mp3", "is not a sound"),
            (String(repeating: "b", count: 101), "the limit is 100"),
            ("/" + String(repeating: "d", count: 4096), "the limit is 4096"),
            ("/tmp/a\u{7}.oga", "control characters"),
        ])
    func refuses(text: String, message: String) {
        #expect {
            _ = try SoundChoice.parse(text)
        } throws: { error in
            (error as? KitError)?.message.contains(message) == true
        }
    }

    @Test("a text is a file when it has a slash, starts with ~, or ends in .oga, .ogg or .wav")
    func fileLike() {
        for text in ["/a", "./a", "~/a", "a.oga", "A.OGG", "b.wav"] {
            #expect(SoundChoice.looksLikeFile(text), "\(text)")
        }
        for text in ["bell", "alarm-clock-elapsed", "a.mp3"] { #expect(!SoundChoice.looksLikeFile(text), "\(text)") }
    }
}
