import Glibc
import KitTestSupport

/// Pins the bench's main thread (whose thread id is the process id) to one CPU, for the
/// same-CPU round-trip figure. Glibc's module does not export sched_setaffinity, so this asks
/// taskset(1), which calls it for us.
enum CPUAffinity {
    static func pinCurrentThread(to cpu: Int) { taskset("\(cpu)") }

    static func unpinCurrentThread() { taskset("0-\(max(0, sysconf(Int32(_SC_NPROCESSORS_ONLN)) - 1))") }

    private static func taskset(_ list: String) {
        _ = try? Subprocess.run(
            "/usr/bin/taskset", ["-p", "-c", list, "\(getpid())"], environment: ["PATH": "/usr/bin:/bin"],
            outputDirectory: "/tmp")
    }
}
