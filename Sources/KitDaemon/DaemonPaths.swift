import Foundation
import Glibc
import KitProtocol

/// Where kitd keeps its socket and data. Built by kitd's main from flags and the environment.
/// A feature that looks for files of its own (the ramen catalog beside the binary) does so from
/// `environment` and `executable`.
public struct DaemonPaths: Sendable {
    public var socket: SocketPath.Resolution
    public var dataDirectory: String
    /// The settings file (it need not exist, unless `configRequired`).
    public var configPath: String
    /// The file was named with `--config`, so it must exist.
    public var configRequired: Bool
    /// The process's environment, and the path of its binary; empty for a kitd a test builds.
    public var environment: [String: String]
    public var executable: String

    public init(
        socket: SocketPath.Resolution, dataDirectory: String, configPath: String, configRequired: Bool = false,
        environment: [String: String] = [:], executable: String = ""
    ) {
        self.configRequired = configRequired
        self.socket = socket
        self.dataDirectory = dataDirectory
        self.configPath = configPath
        self.environment = environment
        self.executable = executable
    }

    /// Resolves `--socket` / `--data-dir` against XDG variables and the home directory.
    public static func resolve(
        socket: String?, dataDirectory: String?, config: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DaemonPaths {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwdHome()
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return DaemonPaths(
            socket: SocketPath.resolve(explicit: socket, environment: environment, uid: getuid()),
            dataDirectory: SocketPath.dataDirectory(explicit: dataDirectory, environment: environment, home: home),
            configPath: config ?? Self.defaultConfigPath(environment: environment, home: home),
            configRequired: config != nil, environment: environment, executable: executable)
    }

    public var databasePath: String { dataDirectory + "/kit.sqlite" }

    /// `$XDG_CONFIG_HOME/kit/config.toml`, else `~/.config/kit/config.toml`.
    static func defaultConfigPath(environment: [String: String], home: String) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/kit/config.toml" }
        return home + "/.config/kit/config.toml"
    }

    private static func passwdHome() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }
}
