import Foundation
import KitClient
import KitCore
import KitProtocol
import KitTestSupport

/// Sounds kitd plays itself: dunst (no `sound` capability) on a private bus, and a PulseAudio
/// server of the figure's own with a null sink.
enum SoundFigures {
    /// `timers` timers due 250 ms apart (four a second, so no burst gathers them into a digest):
    /// from each one's due instant (`timer.fired`'s `dueAt`) to the moment its stream appears on
    /// the sound server (`pactl subscribe`'s `'new' on sink-input`, stamped as read, within
    /// 0.2 ms). Streams and timers are paired in order: each sound starts long before the next
    /// timer is due.
    static func fireToStream(timers: Int = 50, spacing: Double = 0.25) throws -> [Figure] {
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let desktop = try DesktopSession()
        defer { desktop.stop() }
        let daemon = try BenchDaemon()
        daemon.busAddress = desktop.busAddress
        daemon.extraEnvironment = pulse.environment
        try daemon.start()
        let watch = try pulse.watchStreams()
        defer { watch.stop() }
        let events = try daemon.connect()
        _ = try events.call(
            Method.eventsSubscribe, SubscribeParams(events: [Event.timerFired]))
        let starter = try daemon.connect()
        try Figures.startTimers((0..<timers).map { 1.0 + spacing * Double($0) }, on: starter)

        var due: [Double] = []
        var lateness: [Double] = []
        let deadline = monotonicSeconds() + spacing * Double(timers) + 10
        while due.count < timers && monotonicSeconds() < deadline {
            guard let event = try events.nextEvent(timeout: .seconds(1)) else { continue }
            let fired = try event.decode(TimerFiredEvent.self)
            due.append(Double(Timestamp.parse(fired.dueAt)!.nanoseconds) / 1e9)
            lateness.append(fired.latenessNs.milliseconds)
        }
        _ = Subprocess.waitUntil(timeout: .seconds(5)) { watch.started.count >= timers }
        let started = watch.started
        daemon.stop()
        let delays = zip(due.sorted(), started).map { ($1 - $0) * 1000 }
        let sample = Sample(delays)
        let fire = Sample(lateness)
        let complete = due.count == timers && started.count == timers
        return [
            Figure(
                name:
                    "due → sound stream started on PulseAudio, kitd playing for dunst (\(started.count) of \(timers) timers)",
                target: "p50 < 15 ms",
                measured:
                    "p50 \(format(sample.median)) ms, p99 \(format(sample.percentile(99))) ms, max \(format(sample.max)) ms",
                met: complete && sample.median < 15),
            Figure(
                name: "  of which due → fire (latenessNs)", target: "",
                measured: "p50 \(format(fire.median, 3)) ms, p99 \(format(fire.percentile(99), 3)) ms", met: nil),
        ]
    }
}
