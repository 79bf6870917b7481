import ArgumentParser
import Foundation
import KitDaemon
import KitProtocol
import Logging

/// kitd: parse flags, build the daemon, run it.
@main
struct Kitd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kitd",
        abstract: "The kit daemon: timers and reminders with desktop notifications.",
        discussion: """
            Listens on $XDG_RUNTIME_DIR/kit/kitd.sock and keeps its data in $XDG_DATA_HOME/kit.
            Under systemd it uses the socket passed by kitd.socket and reports readiness (Type=notify).
            Talk to it with kitctl. Protocol: /usr/share/doc/kit/protocol.md.gz (docs/protocol.md in the source).
            """,
        version: KitVersion.version)

    @Option(help: ArgumentHelp("Listen on this Unix socket path.", valueName: "path"))
    var socket: String?

    @Option(help: ArgumentHelp("Keep the database and lock in this directory.", valueName: "dir"))
    var dataDir: String?

    @Option(
        help: ArgumentHelp(
            "Read settings from this file (default: $XDG_CONFIG_HOME/kit/config.toml).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel: String = "info"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
        }
    }

    func run() throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { KitLogHandler(label: $0, level: level) }
        let logger = Logger(label: "kitd")
        let paths = DaemonPaths.resolve(socket: socket, dataDirectory: dataDir, config: config)
        let code: Int32
        do {
            let daemon = try Daemon.build(paths, logger: logger)
            code = try daemon.run()
        } catch {
            FileHandle.standardError.write(Data("kitd: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if code != 0 { throw ExitCode(code) }
    }
}
