import Foundation
import Glibc
import KitProtocol

/// Where kitd keeps its socket and data. Built by kitd's main from flags and the environment.
public struct DaemonConfiguration: Sendable {
    public var socket: SocketPath.Resolution
    public var dataDirectory: String

    public init(socket: SocketPath.Resolution, dataDirectory: String) {
        self.socket = socket
        self.dataDirectory = dataDirectory
    }

    /// Resolves `--socket` / `--data-dir` against XDG variables and the home directory.
    public static func resolve(
        socket: String?, dataDirectory: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DaemonConfiguration {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwdHome()
        return DaemonConfiguration(
            socket: SocketPath.resolve(explicit: socket, environment: environment, uid: getuid()),
            dataDirectory: SocketPath.dataDirectory(explicit: dataDirectory, environment: environment, home: home))
    }

    public var databasePath: String { dataDirectory + "/kit.sqlite" }

    private static func passwdHome() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }
}
