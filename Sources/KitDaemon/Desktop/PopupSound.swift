import Glibc
import KitCore

/// What a popup plays, and how loud. Who plays it depends on the notification server: see
/// `SoundRoute`.
struct PopupSound: Sendable, Equatable {
    var choice: SoundChoice
    /// In percent, 1 to 100, as a desktop's volume slider shows it.
    var volume: Int = 100

    /// The volume in decibels, as libcanberra takes it (`canberra.volume`): PulseAudio's sliders
    /// are cubic, so 100 % is 0 dB and 50 % is about -18 dB.
    var decibels: Double { 60 * log10(Double(min(max(volume, 1), 100)) / 100) }

    /// What is wrong with the sound file at `path` for kitd to play it, in words; nil when it is
    /// a file kitd can read.
    static func fileProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT
                ? "there is no file \(path)" : "cannot reach \(path): \(String(cString: strerror(errno)))"
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return "\(path) is not a file" }
        guard access(path, R_OK) == 0 else { return "cannot read \(path): \(String(cString: strerror(errno)))" }
        return nil
    }
}

/// Who makes a popup's sound heard, so that it is heard once: the notification server when it
/// says it plays sounds (the `sound` capability), kitd through libcanberra when it does not.
enum SoundRoute: Equatable {
    /// No sound; a server that plays sounds is told so (`suppress-sound`).
    case silent
    /// The server plays it, from the `sound-name` or `sound-file` hint; kitd plays nothing.
    case server
    /// kitd plays it, and sends no sound hint: the server has no `sound` capability, or none
    /// could be reached (then the capabilities are empty), and the alarm must still be heard.
    case kit

    init(_ sound: PopupSound, serverCapabilities: Set<String>) {
        if sound.choice == .off {
            self = .silent
        } else {
            self = serverCapabilities.contains("sound") ? .server : .kit
        }
    }
}

/// What became of a sound kitd played itself, reported to the loop for its log.
enum SoundOutcome: Sendable {
    /// The sound system took it: a stream started.
    case started(latency: Nanoseconds)
    /// No sound device or sound server could be opened.
    case noDevice(String)
    /// The theme has no such sound, or the file cannot be read or decoded.
    case notFound(SoundChoice, String)
    case failed(String)
}
