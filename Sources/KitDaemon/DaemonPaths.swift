import Foundation
import Glibc
import KitProtocol

/// Where kitd keeps its socket and data. Built by kitd's main from flags and the environment.
public struct DaemonPaths: Sendable {
    public var socket: SocketPath.Resolution
    public var dataDirectory: String
    /// The ramen catalog to merge at start, if one is found.
    public var ramenCatalogPath: String?
    /// The settings file (it need not exist, unless `configRequired`).
    public var configPath: String
    /// The file was named with `--config`, so it must exist.
    public var configRequired: Bool

    public init(
        socket: SocketPath.Resolution, dataDirectory: String, ramenCatalogPath: String? = nil, configPath: String,
        configRequired: Bool = false
    ) {
        self.configRequired = configRequired
        self.socket = socket
        self.dataDirectory = dataDirectory
        self.ramenCatalogPath = ramenCatalogPath
        self.configPath = configPath
    }

    /// Resolves `--socket` / `--data-dir` against XDG variables and the home directory.
    public static func resolve(
        socket: String?, dataDirectory: String?, config: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DaemonPaths {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwdHome()
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let catalog = RamenCatalogLocation.candidates(executable: executable, environment: environment)
            .first { FileManager.default.isReadableFile(atPath: $0) }
        return DaemonPaths(
            socket: SocketPath.resolve(explicit: socket, environment: environment, uid: getuid()),
            dataDirectory: SocketPath.dataDirectory(explicit: dataDirectory, environment: environment, home: home),
            ramenCatalogPath: catalog,
            configPath: config ?? Self.defaultConfigPath(environment: environment, home: home),
            configRequired: config != nil)
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
