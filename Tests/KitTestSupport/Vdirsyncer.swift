import Foundation

/// A vdirsyncer set-up for a test or a figure: one pair for each of kit's vdirs and a collection
/// of a `RadicaleServer`, each pair named as kit's README names them (`kit` for tasks, `kit_diary`,
/// `kit_memos`), the server's version winning when both changed (`conflict_resolution = "b wins"`,
/// as the README sets it). `discover` runs once when it is made.
public struct Vdirsyncer {
    /// The config file's path.
    public let config: String
    /// The pairs, in order.
    public let pairs: [String]

    /// A config in `directory` pairing each vdir (`collection`: `tasks`, `diary` or `memos`, and
    /// its directory) with the server's collection of that name; `discover` is run for each pair.
    public init(
        server: RadicaleServer, vdirs: [(collection: String, path: String)], directory: String,
        environment: [String: String]
    ) throws {
        config = directory + "/vdirsyncer.conf"
        pairs = vdirs.map { $0.collection == "tasks" ? "kit" : "kit_" + $0.collection }
        var text = "[general]\nstatus_path = \"\(directory)/vdirsyncer-status/\"\n"
        for (pair, vdir) in zip(pairs, vdirs) {
            text += """

                [pair \(pair)]
                a = "\(pair)_local"
                b = "\(pair)_remote"
                collections = null
                conflict_resolution = "b wins"

                [storage \(pair)_local]
                type = "filesystem"
                path = "\(vdir.path)/"
                fileext = ".ics"

                [storage \(pair)_remote]
                type = "caldav"
                url = "\(server.url(vdir.collection))"
                username = "kit"
                password = "kit"

                """
        }
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        for pair in pairs {
            let discover = try Subprocess.run(
                "/usr/bin/vdirsyncer", ["-c", config, "discover", pair], environment: environment,
                outputDirectory: directory, timeout: .seconds(60))
            guard discover.exitCode == 0 else { throw HarnessError("vdirsyncer discover \(pair): \(discover)") }
        }
    }

    /// The command that syncs every pair: kit's `[sync] command`.
    public var command: String { "vdirsyncer -c \(config) sync \(pairs.joined(separator: " "))" }

    /// kitd's config for these vdirs: `[vdir]` naming each, and `[sync]` running `command` only
    /// when asked (`kitctl sync`), so that a test decides when each round happens.
    public static func kitConfig(vdirs: [(collection: String, path: String)], command: String) -> String {
        """
        [vdir]
        \(vdirs.map { "\($0.collection) = \"\($0.path)\"" }.joined(separator: "\n"))

        [sync]
        command = "\(command)"
        interval = "off"
        after_change = "off"
        """
    }
}
