import Foundation
import Glibc

/// The new playback streams of a PulseAudio server, each with the wall-clock instant it was
/// seen: a thread reads `pactl subscribe`'s output as it grows, every 0.2 ms while idle, so the
/// stamps are late by that much at most, plus pactl's own delay.
public final class StreamWatch: @unchecked Sendable {
    private let process: Subprocess
    private let stamps = NSLock()
    private var seen: [Double] = []
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    init(process: Subprocess) {
        self.process = process
        let thread = Thread { [self] in
            read()
            finished.signal()
        }
        thread.name = "kit-stream-watch"
        thread.start()
    }

    /// When each stream started (seconds since the epoch), in order.
    public var started: [Double] {
        stamps.lock()
        defer { stamps.unlock() }
        return seen
    }

    public func stop() {
        stamps.lock()
        stopped = true
        stamps.unlock()
        finished.wait()
        process.stop()
    }

    private func read() {
        var fd: Int32 = -1
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            stamps.lock()
            let done = stopped
            stamps.unlock()
            if done { break }
            if fd < 0 { fd = open(process.stdoutPath, O_RDONLY | O_CLOEXEC) }
            let count = fd < 0 ? 0 : buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else {
                usleep(200)
                continue
            }
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let at = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                if line.contains("'new' on sink-input") {
                    stamps.lock()
                    seen.append(at)
                    stamps.unlock()
                }
            }
        }
        if fd >= 0 { close(fd) }
    }
}
