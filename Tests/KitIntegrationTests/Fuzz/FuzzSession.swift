import Foundation
import Glibc
import KitProtocol
import KitTestSupport
import Testing

/// One kitd under fuzz: its health checks, run after each batch (alive, `daemon.status` on a
/// fresh connection within `statusBound`, anonymous memory (heap and stacks) within `rssGrowthBound` of the warm-up figure),
/// and the figures the suite prints.
final class FuzzSession {
    /// The issue's bounds.
    static let statusBound = Duration.milliseconds(100)
    static let rssGrowthBound = 10 << 20
    /// A reply slower than this is a request that held kitd's loop.
    static let slowRequestBound = Duration.milliseconds(500)

    let kit: KitdHarness
    var input: FuzzInput
    let pid: pid_t
    private(set) var baselineRSS = 0
    private(set) var baselineAnonymous = 0
    private(set) var slowestStatus = Duration.zero
    private(set) var report: [String] = []
    private var nextID = 1
    private var lastCheck = ContinuousClock.now

    init(seed: UInt64) throws {
        kit = try KitdHarness()
        input = FuzzInput(seed: seed)
        let kitd = try kit.startKitd(arguments: ["--log-level", "notice"])
        pid = kitd.pid
    }

    func tearDown() { kit.tearDown() }

    /// Where a failure message says how to repeat the run.
    var tag: String { "fuzz seed 0x\(String(input.seed, radix: 16))" }

    func newID() -> Int {
        nextID += 1
        return nextID
    }

    /// One request line: `params` is the JSON text of the params object (nil for none), `id` nil
    /// for a notification.
    func line(_ method: String, params: String? = nil, id: Int? = nil) -> Data {
        var text = #"{"jsonrpc":"2.0","#
        if let id { text += #""id":\#(id),"# }
        text += #""method":\#(Self.quoted(method))"#
        if let params { text += #","params":\#(params)"# }
        return Data((text + "}\n").utf8)
    }

    /// `params` as JSON object text, with `member` (JSON text, not always valid) put in or replaced.
    static func paramsText(_ params: [String: Any], replacing member: (name: String, json: String)? = nil) -> String {
        var base = params
        if let member { base.removeValue(forKey: member.name) }
        let data = (try? JSONSerialization.data(withJSONObject: base, options: [.sortedKeys])) ?? Data("{}".utf8)
        var text = String(decoding: data, as: UTF8.self)
        guard let member else { return text }
        text.removeLast()
        return text + (base.isEmpty ? "" : ",") + "\(quoted(member.name)):\(member.json)}"
    }

    /// The lines one after the other, copied in blocks (`joined()` goes byte by byte).
    static func concatenated(_ lines: [Data]) -> Data {
        var data = Data(capacity: lines.reduce(0) { $0 + $1.count })
        for line in lines { data.append(line) }
        return data
    }

    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    // MARK: Health

    /// kitd's resident memory, from /proc: all of it (`VmRSS`), or only its anonymous pages
    /// (`RssAnon`: the heap and stacks, what kitd allocated and keeps).
    func rss(_ key: String = "VmRSS") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") })
        else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// How long a fresh client waits for `daemon.status`: connecting, sending and reading.
    func statusLatency() throws -> Duration {
        let started = ContinuousClock.now
        let client = try FuzzClient(kit)
        client.send(line(Method.daemonStatus.name, id: 1), within: .seconds(5))
        let reply = try client.reply(timeout: .seconds(10))
        let took = ContinuousClock.now - started
        guard let reply, reply.code == nil else {
            throw HarnessError("\(tag): daemon.status got no answer (\(String(describing: reply)))")
        }
        slowestStatus = max(slowestStatus, took)
        return took
    }

    /// The figure health checks compare against, after the warm-up.
    func recordBaseline() {
        baselineRSS = rss()
        baselineAnonymous = rss("RssAnon")
        lastCheck = ContinuousClock.now
        print("\(tag): RSS after warm-up \(Self.megabytes(baselineRSS))")
    }

    /// After a batch: kitd is alive, answers `daemon.status` on a fresh connection in time, and
    /// has not grown. Prints and keeps the figures.
    /// `quiet`: print nothing when all is well (the batches of one method each).
    func check(after batch: String, inputs: Int, note: String = "", quiet: Bool = false) throws {
        #expect(kit.kitd?.isRunning == true, "\(tag): kitd died in batch '\(batch)': \(kit.kitd?.stderr ?? "")")
        guard kit.kitd?.isRunning == true else { throw HarnessError("\(tag): kitd is gone") }
        let latencies = try (0..<3).map { _ in try statusLatency() }
        let median = latencies.sorted()[1]
        let grown = rss("RssAnon") - baselineAnonymous
        let rss = rss()
        let took = ContinuousClock.now - lastCheck
        lastCheck = ContinuousClock.now
        let line =
            "\(tag): batch '\(batch)' (\(String(format: "%.1f", took.millisecondsValue / 1000)) s): \(inputs) inputs; "
            + "kitd alive; daemon.status in "
            + latencies.map { String(format: "%.1f", $0.millisecondsValue) }.joined(separator: "/")
            + " ms; RSS \(Self.megabytes(rss)) (warm-up \(Self.megabytes(baselineRSS)), "
            + "\(Self.signedMegabytes(rss - baselineRSS)); heap and stacks \(Self.signedMegabytes(grown)))"
            + (note.isEmpty ? "" : "; \(note)")
        let healthy =
            median <= Self.statusBound && latencies.allSatisfy { $0 <= .seconds(1) } && grown <= Self.rssGrowthBound
        if !quiet || !healthy {
            print(line)
            report.append(line)
        }
        #expect(median <= Self.statusBound, "\(line)")
        #expect(latencies.allSatisfy { $0 <= .seconds(1) }, "\(line)")
        // Growth is kitd's anonymous memory: VmRSS also counts the pages of code a batch runs for
        // the first time (3 to 4 MB of the debug binary and its libraries here), which no client
        // can make grow without bound.
        #expect(grown <= Self.rssGrowthBound, "\(line)")
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
    static func signedMegabytes(_ bytes: Int) -> String {
        (bytes < 0 ? "-" : "+") + String(format: "%.1f MiB", Double(abs(bytes)) / 1_048_576)
    }
}
