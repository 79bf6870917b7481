import Glibc
import KitCore

/// The roulette's short animation on a terminal: names flick past, slowing down, and stop on
/// the pick. About a second; Ctrl-C cuts it short. The line is cleared afterwards, so the
/// terminal is left as it was.
enum SpinDisplay {
    static func spin(through names: [String], endingOn pick: String, seed: UInt64) {
        let pool = names.isEmpty ? [pick] : names
        guard pool.count > 1 else { return }
        Interrupt.install()
        var rng = Xoshiro256StarStar(seed: seed ^ 0x5EED)
        let frames = 14
        for frame in 0..<frames {
            if Interrupt.happened { break }
            let name = frame == frames - 1 ? pick : pool[Int(rng.next(below: UInt64(pool.count)))]
            Terminal.write("\r\u{1B}[K  🎲 " + (frame == frames - 1 ? Colors.bold(name) : name))
            // 20 ms growing to about 150 ms: quick at first, slowing as it settles.
            usleep(UInt32(20_000 + frame * frame * 700))
        }
        Terminal.write("\r\u{1B}[K")
    }
}
