import Foundation

/// Reads a process's context switches, CPU time and memory, and the load average, from /proc.
public enum ProcessProbe {
    /// Voluntary plus involuntary context switches summed over every thread: each wake-up of a
    /// sleeping thread is at least one.
    public static func contextSwitches(pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var total = 0
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else {
                continue
            }
            for line in status.split(separator: "\n") where line.contains("ctxt_switches") {
                total += Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        return total
    }

    /// Resident set size in MiB (VmRSS).
    public static func rssMiB(pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return .nan }
        let kib = Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1]) ?? .nan
        return kib / 1024
    }

    /// Resident, anonymous and proportional set size in MiB, from smaps_rollup.
    public struct Memory {
        public var rss: Double
        public var anonymous: Double
        public var pss: Double
        /// Pages mapped from files: code, constants, the page cache a process maps.
        public var fileBacked: Double { rss - anonymous }

        public init(rss: Double, anonymous: Double, pss: Double) {
            self.rss = rss
            self.anonymous = anonymous
            self.pss = pss
        }
    }

    public static func memoryMiB(pid: Int32) -> Memory {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else {
            return Memory(rss: .nan, anonymous: .nan, pss: .nan)
        }
        func field(_ name: String) -> Double {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return .nan }
            return (Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1]) ?? .nan) / 1024
        }
        return Memory(rss: field("Rss"), anonymous: field("Anonymous"), pss: field("Pss"))
    }

    /// Nanoseconds on a CPU, and waiting for one (runnable but not running: another process had
    /// it), summed over every thread: the first two fields of each schedstat.
    public static func cpuNanoseconds(pid: Int32) -> (running: Int64, waiting: Int64) {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var total: (running: Int64, waiting: Int64) = (0, 0)
        for task in tasks {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)
            else { continue }
            let fields = stat.split(separator: " ").compactMap { Int64($0) }
            guard fields.count >= 2 else { continue }
            total.running += fields[0]
            total.waiting += fields[1]
        }
        return total
    }

    /// The 1-minute load average, as /proc/loadavg gives it.
    public static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map { String($0.prefix { $0 != " " }) } ?? "?"
    }
}
