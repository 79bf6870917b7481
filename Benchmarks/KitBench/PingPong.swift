import Glibc

/// The machine's floor for one request-reply over a Unix socket: two processes passing a
/// byte back and forth, with no JSON, no database, nothing of kit's.
enum PingPong {
    static func measure(roundTrips: Int = 20_000) -> String {
        let across = run(roundTrips, pinned: false)
        let same = run(roundTrips, pinned: true)
        return "\(Int(across)) /s across CPUs, \(Int(same)) /s on one CPU"
    }

    private static func run(_ count: Int, pinned: Bool) -> Double {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { return .nan }
        if pinned { CPUAffinity.pinCurrentThread(to: 0) }
        defer { if pinned { CPUAffinity.unpinCurrentThread() } }
        let child = fork()
        if child == 0 {
            close(pair[0])
            var byte: UInt8 = 0
            while read(pair[1], &byte, 1) == 1 { _ = write(pair[1], &byte, 1) }
            _exit(0)
        }
        close(pair[1])
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
