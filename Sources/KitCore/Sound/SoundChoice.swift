/// What a popup plays: a sound of the freedesktop sound theme by name, a sound file, or none.
///
/// Its text form is what config.toml, `timer.start`'s `sound` and `kitctl --sound` take:
/// `alarm-clock-elapsed` (a theme name), `/home/me/gong.oga` (a file), or `off`.
public enum SoundChoice: Sendable, Equatable, Hashable {
    /// A name from the freedesktop sound naming spec, looked up in the sound theme.
    case theme(String)
    /// An absolute path to a sound file (Ogg Vorbis or WAV, what libcanberra reads).
    case file(String)
    /// No sound, even from a notification server that plays one of its own.
    case off

    /// The longest theme name taken; the spec's names are far shorter.
    public static let maximumNameLength = 100
    /// The longest file path taken: Linux's PATH_MAX.
    public static let maximumPathLength = 4096
    /// The file endings that mark a text without `/` as a file rather than a theme name.
    public static let fileExtensions = [".oga", ".ogg", ".wav"]

    /// What to tell a person about the forms a sound takes.
    static let forms =
        "give a name from the sound theme such as alarm-clock-elapsed, an absolute path to a .oga, .ogg or .wav file, or off"

    /// Reads the text form: `off`, a path (with a `/`, or ending in `.oga`, `.ogg` or `.wav`),
    /// or a theme name (letters, digits, `-` and `_`). A path must be absolute here: callers
    /// resolve `~/` and relative paths before. Whether the file exists is the caller's check.
    public static func parse(_ raw: String) throws(KitError) -> SoundChoice {
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty else { throw .invalidArgument("the sound is empty; \(forms)") }
        if text.lowercased() == "off" { return .off }
        if looksLikeFile(text) {
            guard text.hasPrefix("/") else {
                throw .invalidArgument("the sound file '\(text)' is not an absolute path; \(forms)")
            }
            guard text.utf8.count <= maximumPathLength else {
                throw .invalidArgument(
                    "the sound file path has \(text.utf8.count) bytes; the limit is \(maximumPathLength)")
            }
            guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .invalidArgument("the sound file path contains control characters")
            }
            return .file(text)
        }
        guard text.count <= maximumNameLength else {
            throw .invalidArgument("the sound name has \(text.count) characters; the limit is \(maximumNameLength)")
        }
        guard text.unicodeScalars.allSatisfy({ isNameCharacter($0) }) else {
            throw .invalidArgument("'\(text)' is not a sound; \(forms)")
        }
        return .theme(text)
    }

    /// Whether `text` names a file rather than a theme sound: it has a `/` (`./gong.oga`,
    /// `~/gong.oga`) or ends in a sound file's extension (`gong.oga`).
    public static func looksLikeFile(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return text.contains("/") || text.hasPrefix("~") || fileExtensions.contains { lowered.hasSuffix($0) }
    }

    /// The text form, as `parse` reads it back.
    public var text: String {
        switch self {
        case .theme(let name): name
        case .file(let path): path
        case .off: "off"
        }
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
        default: false
        }
    }
}
