import Glibc

/// The machine's floor for one request-reply over a Unix socket: two processes passing a
/// byte back and forth, with no JSON, no database, nothing of kit's.
enum PingPong {
    /// Where the two processes run.
    enum Placement {
        /// Wherever the scheduler puts them: on one CPU when the other is busy.
        case free
        /// Both on CPU 0.
        case oneCPU
        /// The bench on CPU 0, the echo on CPU 1: every round trip wakes the other CPU twice.
        case acrossCPUs
    }

    /// Round trips per second.
    static func run(_ count: Int, _ placement: Placement) -> Double {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { return .nan }
        // The echo inherits the CPU the bench is on when it forks.
        switch placement {
        case .free: break
        case .oneCPU: CPUAffinity.pinCurrentThread(to: 0)
        case .acrossCPUs: CPUAffinity.pinCurrentThread(to: 1)
        }
        defer { if placement != .free { CPUAffinity.unpinCurrentThread() } }
        let child = fork()
        if child == 0 {
            close(pair[0])
            var byte: UInt8 = 0
            while read(pair[1], &byte, 1) == 1 { _ = write(pair[1], &byte, 1) }
            _exit(0)
        }
        close(pair[1])
        if placement == .acrossCPUs { CPUAffinity.pinCurrentThread(to: 0) }
        var byte: UInt8 = 1
        let began = monotonicSeconds()
        for _ in 0..<count {
            _ = write(pair[0], &byte, 1)
            _ = read(pair[0], &byte, 1)
        }
        let rate = Double(count) / (monotonicSeconds() - began)
        close(pair[0])
        waitpid(child, nil, 0)
        return rate
    }
}
