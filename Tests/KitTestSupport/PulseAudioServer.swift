import Foundation
import Glibc

/// A private PulseAudio sound server for one test: one null sink, `kitnull`, that plays to
/// nowhere in real time, and a socket of its own, so a test sees each stream a client opens
/// (`pactl list sink-inputs`, `pactl subscribe`). Stop it with `stop()`.
///
/// It runs as whoever runs the tests, root included (PulseAudio warns, and works), with its
/// runtime and state directories in a temporary directory, no default script (`-n`), no exit
/// on idle, and nothing of the session: no D-Bus, no realtime scheduling.
public final class PulseAudioServer: @unchecked Sendable {
    /// A playback stream, from `pactl list sink-inputs`.
    public struct SinkInput: Sendable {
        public var index: Int
        /// Its properties: `application.name`, `event.id`, `media.filename`, ….
        public var properties: [String: String]
        /// Its volume as PulseAudio's sliders show it, from the first channel.
        public var volumePercent: Int?
    }

    public let socketPath: String
    private let directory: TemporaryDirectory
    private var daemon: Subprocess?

    public init() throws {
        directory = try TemporaryDirectory(prefix: "kit-pulse")
        socketPath = directory.path + "/native"
        do {
            try start()
        } catch {
            stop()
            throw error
        }
    }

    /// Whether this machine can run one: the pulseaudio and pactl binaries are installed.
    public static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/pulseaudio")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/pactl")
    }

    /// What a client needs to play here: the server's address, and libcanberra told to use
    /// PulseAudio (not to fall back to ALSA and a real sound card).
    public var environment: [String: String] { ["PULSE_SERVER": "unix:" + socketPath, "CANBERRA_DRIVER": "pulse"] }

    private func start() throws {
        let path = directory.path
        let home = try directory.subdirectory("home")
        let runtime = try directory.subdirectory("run")
        let child = try Subprocess(
            "/usr/bin/pulseaudio",
            [
                "--daemonize=no", "--system=no", "--exit-idle-time=-1", "--realtime=no", "--high-priority=no",
                "--use-pid-file=no", "--log-target=stderr", "-n",
                "--load=module-null-sink sink_name=kitnull",
                "--load=module-native-protocol-unix socket=\(socketPath) auth-anonymous=1",
            ],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": home, "XDG_RUNTIME_DIR": runtime, "XDG_CONFIG_HOME": home,
                "PULSE_RUNTIME_PATH": runtime + "/pulse", "PULSE_STATE_PATH": home + "/state",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(path)/no-bus",
            ],
            outputDirectory: path, name: "pulseaudio")
        daemon = child
        let up = Subprocess.waitUntil(timeout: .seconds(10)) {
            guard child.isRunning else { return true }
            return FileManager.default.fileExists(atPath: socketPath) && (try? pactl(["info"]).exitCode) == 0
        }
        guard up, child.isRunning else { throw HarnessError("pulseaudio did not start: \(child.stderr)") }
    }

    /// Runs pactl against this server.
    public func pactl(_ arguments: [String]) throws -> CommandResult {
        try Subprocess.run(
            "/usr/bin/pactl", ["--server", "unix:" + socketPath] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path + "/home", "LANG": "C"],
            outputDirectory: directory.path, timeout: .seconds(10))
    }

    /// The streams playing now.
    public func sinkInputs() throws -> [SinkInput] {
        let listed = try pactl(["list", "sink-inputs"])
        guard listed.exitCode == 0 else { throw HarnessError("pactl list sink-inputs failed: \(listed)") }
        var inputs: [SinkInput] = []
        var inProperties = false
        for line in listed.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Sink Input #"), let index = Int(line.dropFirst("Sink Input #".count)) {
                inputs.append(SinkInput(index: index, properties: [:]))
                inProperties = false
            } else if trimmed == "Properties:" {
                inProperties = true
            } else if trimmed.hasPrefix("Volume:"), !inputs.isEmpty {
                // `Volume: front-left: 32770 /  50% / -18.06 dB,   front-right: …`
                let percent = trimmed.split(separator: "/").dropFirst().first?.trimmingCharacters(in: .whitespaces)
                inputs[inputs.count - 1].volumePercent = percent.flatMap { Int($0.dropLast()) }
            } else if inProperties, let equals = trimmed.range(of: " = "), !inputs.isEmpty {
                let key = String(trimmed[..<equals.lowerBound])
                let value = String(trimmed[equals.upperBound...]).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
                inputs[inputs.count - 1].properties[key] = value
            } else if !line.hasPrefix("\t\t") {
                inProperties = false
            }
        }
        return inputs
    }

    /// Waits for a stream whose properties match `matches`; nil if none came within `timeout`.
    public func waitForSinkInput(
        timeout: Duration = .seconds(10), where matches: (SinkInput) -> Bool = { _ in true }
    ) throws -> SinkInput? {
        var found: SinkInput?
        _ = try Subprocess.waitUntil(timeout: timeout) {
            found = try sinkInputs().first(where: matches)
            return found != nil
        }
        return found
    }

    /// Starts `pactl subscribe`, which stamps each stream that starts as it is read.
    public func watchStreams() throws -> StreamWatch {
        let child = try Subprocess(
            "/usr/bin/pactl", ["--server", "unix:" + socketPath, "subscribe"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path + "/home", "LANG": "C"],
            outputDirectory: directory.path, name: "subscribe")
        return StreamWatch(process: child)
    }

    public func stop() {
        daemon?.stop()
        daemon = nil
        directory.remove()
    }
}
