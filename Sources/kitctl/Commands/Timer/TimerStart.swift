import ArgumentParser
import Glibc
import KitCore
import KitLocalization
import KitProtocol

struct TimerStart: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: Localized.text("Start a countdown."),
        discussion: Localized.text(
            "DURATION: 90, 90s, 4m30s, 1h2m, 1h 2m, 4:30 or 1:02:03; in Korean 3분, 4분 30초 or 한 시간 반.\nSOUND: a name from the sound theme (alarm-clock-elapsed, bell, complete), or a .oga, .ogg or .wav file.\nExample: kitctl timer start 4분 30초 --name 차"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    /// Words, as people write `1h 2m` or `4분 30초` without quotes.
    @Argument(
        help: ArgumentHelp(Localized.text("How long: 90, 90s, 4m30s, 1h2m, 4:30 or 4분 30초."), valueName: "duration"))
    var duration: [String] = []

    @Option(
        name: .shortAndLong, help: ArgumentHelp(Localized.text("A name to refer to it by and to show in the popup.")))
    var name: String?

    @Option(
        help: ArgumentHelp(
            Localized.text(
                "What its popup plays: a sound theme name or a sound file, instead of [sound] timer in config.toml."),
            valueName: "sound"),
        completion: .file(extensions: ["oga", "ogg", "wav"]))
    var sound: String?

    @Flag(help: ArgumentHelp(Localized.text("No sound when it fires.")))
    var silent = false

    /// The command as `TimerStartOrder` runs it.
    var order: TimerStartOrder {
        TimerStartOrder(
            duration: duration, name: name, sound: sound, silent: silent, json: output.json, socket: global.socket)
    }

    func validate() throws { try order.validate() }

    func run() throws { try order.run() }

    /// `--sound` as kitd takes it: a file's path made absolute (kitd runs in another directory)
    /// and checked here, where a mistake in it is easiest to fix; a theme name as given.
    static func resolved(_ text: String) throws -> String {
        var path = text.trimmingWhitespace()
        guard SoundChoice.looksLikeFile(path) else {
            do {
                return try SoundChoice.parse(path).text
            } catch {
                throw CLIError.usage(Localized.text("--sound: %s", Localized.text(error.kitMessage)))
            }
        }
        if path == "~" || path.hasPrefix("~/"), let home = getenv("HOME") {
            path = String(cString: home) + path.dropFirst()
        } else if !path.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            defer { free(cwd) }
            while path.hasPrefix("./") { path.removeFirst(2) }
            path = String(cString: cwd) + "/" + path
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CLIError.usage(
                Localized.text("--sound: cannot use %1$s: %2$s", path, String(cString: strerror(errno))))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw CLIError.usage(Localized.text("--sound: %s is not a file", path))
        }
        guard access(path, R_OK) == 0 else {
            throw CLIError.usage(
                Localized.text("--sound: cannot read %1$s: %2$s", path, String(cString: strerror(errno))))
        }
        return path
    }
}
