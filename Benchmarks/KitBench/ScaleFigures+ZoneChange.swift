import Foundation
import Glibc
import KitClient
import KitProtocol
import KitTestSupport

/// How long kitd's loop is held when the system time zone changes under N tasks (nine in ten of
/// them floating: their instants all move).
extension ScaleFigures {
    static func zoneChange(sizes: [Int] = [100_000, 1_000_000]) throws -> [Figure] {
        var rows: [Figure] = []
        for size in sizes {
            let load = ProcessProbe.loadAverage()
            let daemon = try BenchDaemon()
            // An /etc of kitd's own (a copy, bind-mounted in a mount namespace of its own), so
            // that the bench can change the zone kitd sees without changing the machine's.
            let etc = try daemon.root.subdirectory("etc")
            try run("/bin/cp", ["-a", "/etc/.", etc], outputDirectory: daemon.root.path)
            try? FileManager.default.removeItem(atPath: etc + "/localtime")
            try FileManager.default.createSymbolicLink(
                atPath: etc + "/localtime", withDestinationPath: "/usr/share/zoneinfo/Etc/UTC")
            daemon.launcher = [
                "/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
                "mount --bind \"$0\" /etc && exec \"$@\"", etc,
            ]
            daemon.extraArguments = ["--log-level", "info"]
            try startFilled(daemon, tasks: size)
            defer { daemon.stop() }
            let probe = try LoopProbe(daemon)
            let log = daemon.process!.stderrPath
            // kitd logs "task instants worked out" once at this start (the fill's rows have none)
            // and once when the move is done ("… for the new system zone"; before the move went
            // in slices, the same line as at start).
            let done = "task instants worked out"
            // The zone changes as timedatectl changes it: a new link renamed over the old.
            try FileManager.default.createSymbolicLink(
                atPath: etc + "/localtime.new", withDestinationPath: "/usr/share/zoneinfo/Asia/Seoul")
            let changed = monotonicSeconds()
            guard rename(etc + "/localtime.new", etc + "/localtime") == 0 else {
                throw HarnessError("cannot replace the link: \(String(cString: strerror(errno)))")
            }
            var trips: [Double] = []
            var finished: Double?
            while finished == nil, monotonicSeconds() - changed < 600 {
                trips.append(try probe.roundTrip())
                if trips.count % 50 == 0,
                    (try? String(contentsOfFile: log, encoding: .utf8))?.components(separatedBy: done).count ?? 0 > 2
                {
                    finished = monotonicSeconds() - changed
                }
                usleep(1_000)
            }
            guard let finished else { throw HarnessError("kitd did not finish moving the tasks in 10 minutes") }
            let sample = Sample(trips)
            rows.append(
                Figure(
                    name: "system zone changed under \(size) tasks (9 in 10 floating; load \(load)): "
                        + "longest `timer.get` round trip while they move",
                    target: "< 100 ms",
                    measured: "max \(format(sample.max)) ms, p99 \(format(sample.percentile(99))) ms, "
                        + "median \(format(sample.median)) ms (\(trips.count) requests)",
                    met: sample.max < 100))
            rows.append(
                Figure(
                    name: "  until every task is moved (kitd's log says \"\(done)\" again)", target: "report",
                    measured: "\(format(finished, 1)) s", met: nil))

            // The zone changes again while kitd is down: the next start moves the tasks after
            // READY=1 (the build before worked them all out first).
            daemon.stop()
            try FileManager.default.createSymbolicLink(
                atPath: etc + "/localtime.new", withDestinationPath: "/usr/share/zoneinfo/America/New_York")
            guard rename(etc + "/localtime.new", etc + "/localtime") == 0 else {
                throw HarnessError("cannot replace the link: \(String(cString: strerror(errno)))")
            }
            let ready = try daemon.start(limit: 300)
            rows.append(
                Figure(
                    name: "  the zone changed again while kitd was down: start → READY=1", target: "< 1 s",
                    measured: "\(format(ready * 1000, 0)) ms", met: ready < 1))
        }
        return rows
    }

    private static func run(_ executable: String, _ arguments: [String], outputDirectory: String) throws {
        let child = try Subprocess(
            executable, arguments, environment: [:], outputDirectory: outputDirectory, name: "cp")
        guard child.waitBlocking() == 0 else { throw HarnessError("\(executable) failed: \(child.stderr)") }
    }
}
