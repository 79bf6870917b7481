import Foundation
import Glibc
import KitClient
import KitCore
import KitProtocol
import KitTestSupport

/// Issue 14's request path: `timer.get` over one connection, one at a time against the C
/// ping-pong floor measured in the same run, and pipelined. Each new figure says what kitd and the
/// client spent in CPU per request, so that a miss names where the time went.
enum RequestPathFigures {
    /// The old rows, as they were measured (kitd and the bench where the scheduler puts them), then
    /// the new ones with kitd on CPU 1 and the bench on CPU 0, so that each round trip crosses
    /// CPUs as the floor's does. One at a time and the floor alternate, `rounds` times, so that both
    /// see the same load; the ratio is the median of the rounds' ratios.
    static func timerGet(requests: Int = 20_000, rounds: Int = 5, pipelined: Int = 300_000) throws -> [Figure] {
        let (old, oneCPU) = try oldRows(requests: requests)
        let load = ProcessProbe.loadAverage()
        let daemon = try BenchDaemon()
        try daemon.start(cpu: 1)
        CPUAffinity.pinCurrentThread(to: 0)
        defer {
            CPUAffinity.unpinCurrentThread()
            daemon.stop()
        }
        let pid = daemon.process!.pid
        let (client, params) = try probe(daemon)
        for _ in 0..<1000 { _ = try client.callForLine(Method.timerGet, params) }

        var kit: [Double] = []
        var floor: [Double] = []
        var ratios: [Double] = []
        var kitdCPU: [Double] = []
        var clientCPU: [Double] = []
        let perRound = requests / rounds
        for _ in 0..<rounds {
            let floorRate = PingPong.run(perRound, .acrossCPUs)
            let cpu = CPUTime(pid: pid)
            for _ in 0..<perRound { _ = try client.callForLine(Method.timerGet, params) }
            let spent = cpu.spent(per: perRound)
            kit.append(Double(perRound) / spent.seconds)
            floor.append(floorRate)
            ratios.append(kit.last! / floorRate)
            kitdCPU.append(spent.daemon)
            clientCPU.append(spent.client)
        }

        let line = Array(
            try WireCodec.line(
                RequestEnvelope(id: .number(1), method: Method.timerGet.name, params: params), with: WireCodec.encoder()
            ))
        let cpu = CPUTime(pid: pid)
        try pipeline(client, line: line, count: pipelined, window: 256)
        let spent = cpu.spent(per: pipelined)
        let rate = Double(pipelined) / spent.seconds

        let ratio = Sample(ratios).median
        func micro(_ values: [Double]) -> String { format(Sample(values).median, 1) }
        return old + [
            Figure(
                name: "`timer.get` one at a time, kitd on CPU 1, client on CPU 0 (load \(load))",
                target: ">= 0.80x C floor",
                measured:
                    "\(format(ratio))x: \(Int(Sample(kit).median)) /s against the C ping-pong's "
                    + "\(Int(Sample(floor).median)) /s across the same CPUs (medians of \(rounds) alternating rounds); "
                    + "CPU per request: kitd \(micro(kitdCPU)) us, client \(micro(clientCPU)) us; "
                    + "on one CPU, \(format(oneCPU.kit / oneCPU.floor))x the C ping-pong there",
                met: ratio >= 0.8),
            Figure(
                name: "`timer.get` pipelined, 256 in flight, same CPUs (load \(load))", target: ">= 300,000 /s",
                measured:
                    "\(Int(rate)) /s; CPU per request: kitd \(format(spent.daemon, 2)) us, "
                    + "client \(format(spent.client, 2)) us; kitd waited \(format(spent.daemonWaiting, 2)) us "
                    + "for its CPU (taken by other processes)",
                met: rate >= 300_000),
        ]
    }

    /// The rows `make bench` printed before issue 14's, measured the same way, and the one-CPU
    /// rates of kit and of the C ping-pong.
    private static func oldRows(requests: Int) throws -> (rows: [Figure], oneCPU: (kit: Double, floor: Double)) {
        var rows: [Figure] = []
        var oneCPU = 0.0
        for pinned in [false, true] {
            let daemon = try BenchDaemon()
            try daemon.start(cpu: pinned ? 0 : nil)
            if pinned { CPUAffinity.pinCurrentThread(to: 0) }
            defer {
                if pinned { CPUAffinity.unpinCurrentThread() }
                daemon.stop()
            }
            let (client, params) = try probe(daemon)
            var began = monotonicSeconds()
            for _ in 0..<requests { _ = try client.callForLine(Method.timerGet, params) }
            let sequential = Double(requests) / (monotonicSeconds() - began)
            let line = Array(
                try WireCodec.line(
                    RequestEnvelope(id: .number(1), method: Method.timerGet.name, params: params),
                    with: WireCodec.encoder())
            )
            began = monotonicSeconds()
            try pipeline(client, line: line, count: requests * 5, window: 256)
            let pipelined = Double(requests * 5) / (monotonicSeconds() - began)
            if pinned {
                oneCPU = sequential
                rows.append(
                    Figure(
                        name: "  same, kitd and the client on one CPU (no cross-CPU wake-up)", target: "",
                        measured: "\(Int(sequential)) /s one at a time, \(Int(pipelined)) /s pipelined", met: nil))
            } else {
                rows += [
                    Figure(
                        name: "`timer.get` over one connection, one request at a time", target: "> 20,000 /s",
                        measured: "\(Int(sequential)) /s", met: sequential > 20_000),
                    Figure(
                        name: "  same, pipelined (256 in flight)", target: "> 20,000 /s",
                        measured: "\(Int(pipelined)) /s", met: pipelined > 20_000),
                ]
            }
        }
        let free = PingPong.run(requests, .free)
        let floor = PingPong.run(requests, .oneCPU)
        rows.append(
            Figure(
                name: "  floor: C ping-pong over a Unix socket pair, across CPUs / on one CPU", target: "",
                measured: "\(Int(free)) /s across CPUs, \(Int(floor)) /s on one CPU", met: nil))
        return (rows, (oneCPU, floor))
    }

    /// A connection to `daemon` and the params of a `timer.get` of a running timer.
    private static func probe(_ daemon: BenchDaemon) throws -> (KitConnection, RefParams) {
        let client = try daemon.connect()
        let timer = try client.call(
            Method.timerStart, TimerStartParams(durationNs: .hour, name: "probe"))
        return (client, RefParams(ref: String(timer.id)))
    }

    /// Sends `count` copies of the request `line` with at most `window` in flight, as a client
    /// that pipelines does: it reads the replies that have come, then tops the window up with one
    /// write. A reply that is not a result fails.
    static func pipeline(_ connection: KitConnection, line: [UInt8], count: Int, window: Int) throws {
        let full = Data(Array([[UInt8]](repeating: line, count: window).joined()))
        // kitd writes every result of this request as it starts: anything else is an error.
        let header = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
        let id = (header?["id"] as? Int).map(String.init) ?? "null"
        let expected = Array(#"{"jsonrpc":"2.0","id":\#(id),"result":"#.utf8)
        func check(_ reply: [UInt8]) throws {
            guard reply.starts(with: expected) else {
                throw HarnessError("request failed: \(String(decoding: reply.prefix(300), as: UTF8.self))")
            }
        }
        var sent = 0
        var received = 0
        while received < count {
            let room = min(window - (sent - received), count - sent)
            if room > 0 {
                try connection.send(full.prefix(room * line.count))
                sent += room
            }
            guard let reply = try connection.readLine(timeout: .seconds(30)) else { throw HarnessError("no reply") }
            try check(reply)
            received += 1
            // The rest of what one read brought, without waiting.
            while received < sent, let reply = try connection.readLine(timeout: .zero) {
                try check(reply)
                received += 1
            }
        }
    }
}

/// CPU time spent from its creation on: by kitd (all its threads) and by the calling thread, and
/// the time kitd was ready to run but another process had its CPU.
private struct CPUTime {
    let pid: Int32
    let daemon: (running: Int64, waiting: Int64)
    let client: Int64
    let wall: Double

    init(pid: Int32) {
        self.pid = pid
        daemon = ProcessProbe.cpuNanoseconds(pid: pid)
        client = Self.threadNanoseconds()
        wall = monotonicSeconds()
    }

    /// Wall seconds since, and microseconds per request: of kitd's CPU, of this thread's, and of
    /// kitd waiting for its CPU.
    func spent(per requests: Int) -> (seconds: Double, daemon: Double, client: Double, daemonWaiting: Double) {
        let seconds = monotonicSeconds() - wall
        let now = ProcessProbe.cpuNanoseconds(pid: pid)
        let clientNs = Self.threadNanoseconds() - client
        func micro(_ ns: Int64) -> Double { Double(ns) / 1000 / Double(requests) }
        return (seconds, micro(now.running - daemon.running), micro(clientNs), micro(now.waiting - daemon.waiting))
    }

    static func threadNanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Int64(spec.tv_sec) * Nanoseconds.nanosecondsPerSecond + Int64(spec.tv_nsec)
    }
}
