import Foundation
import KitClient
import KitProtocol
import KitTestSupport

/// Issue 18's figure: what keeping tasks in a vdir adds to each local task write.
extension TaskFigures {
    /// `task.add` + `task.delete` pairs from `clients` clients for `seconds`, with kitd keeping no
    /// vdir and then keeping its tasks in one: pairs per second, and the time each pair takes.
    static func vdirWriteCost(clients: Int = 8, seconds: Double = 5) throws -> [Figure] {
        var rates: [Double] = []
        for mirrored in [false, true] {
            let daemon = try BenchDaemon()
            if mirrored {
                let vdir = try daemon.root.subdirectory("vdir")
                let config = daemon.root.path + "/config.toml"
                try "[vdir]\ntasks = \"\(vdir)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
                daemon.extraArguments = ["--config", config]
            }
            try daemon.start()
            let (pairs, failed) = Figures.rounds(socket: daemon.socketPath, clients: clients, seconds: seconds) {
                connection, index, serial in
                let task = try connection.call(
                    Method.taskAdd, TaskAddParams(title: "w\(index)-\(serial)", due: "in 2h"), as: TaskInfo.self)
                _ = try connection.call(
                    Method.taskDelete, TaskRefParams(ref: String(task.id)), as: TaskDeleteResult.self)
            }
            guard failed == 0 else { throw HarnessError("\(failed) clients' task writes failed") }
            rates.append(Double(pairs) / seconds)
            daemon.stop()
        }
        let extra = (rates[0] / rates[1] - 1) * 100
        return [
            Figure(
                name: "`task.add` + `task.delete` pairs, \(clients) clients, each reply after its fsync'd commit, "
                    + "no vdir / tasks kept in a vdir (`vdir-writes`)",
                target: "< 20 % more per write",
                measured: "\(Int(rates[0])) / \(Int(rates[1])) pairs/s: \(format(extra, 1)) % more time per pair",
                met: extra < 20)
        ]
    }
}
