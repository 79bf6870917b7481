import ArgumentParser
import Testing

@testable import kitctl

@Suite("kitctl timer start, read by hand")
struct FastLaneTests {
    /// What ArgumentParser's `TimerStart` reads from `arguments` (the whole command line after
    /// `kitctl`, as main hands it on), or nil when it refuses them or reads another command.
    static func parsed(_ arguments: [String]) -> TimerStartOrder? {
        guard let command = try? Kitctl.parseAsRoot(arguments) as? TimerStart else { return nil }
        return command.order
    }

    @Test("the common forms are read by hand, to what ArgumentParser reads from them")
    func commonForms() throws {
        let lines: [[String]] = [
            ["timer", "start", "1h"],
            ["timer", "start", "4m30s", "--name", "ramen"],
            ["timer", "start", "4m30s", "-n", "ramen"],
            ["timer", "start", "--name=ramen", "4m30s"],
            ["timer", "start", "4분", "30초", "--name", "신라면"],
            ["timer", "start", "한", "시간", "반"],
            ["timer", "start", "1h", "2m", "--silent", "--json"],
            ["timer", "start", "90", "--sound", "bell", "--socket", "/tmp/k.sock"],
            ["timer", "start", "--socket=/tmp/k.sock", "--sound=bell", "3m"],
            ["timer", "start", "1h", "--name", "a b"],
            ["timer", "start", "1h", "--name", "x=y"],
            ["timer", "start", "3m", "--json", "--socket", "/tmp/k.sock"],
            ["timer", "start", "1h", "--name", "bench"],
        ]
        for line in lines {
            let fast = try #require(FastLane.timerStart(line), "not read by hand: \(line)")
            #expect(fast == Self.parsed(line), "\(line)")
        }
    }

    /// Forms the hand reader leaves alone, because ArgumentParser refuses them with its own
    /// message, reads them another way, or answers them with help.
    @Test("anything else is left to ArgumentParser")
    func leftToArgumentParser() {
        let lines: [[String]] = [
            ["timer", "start"],
            ["timer", "start", "--name", "x"],
            ["timer", "start", "1h", "--name"],
            ["timer", "start", "1h", "--name", "--json"],
            ["timer", "start", "1h", "--name", "a", "--name", "b"],
            ["timer", "start", "1h", "--silent", "--sound", "bell"],
            ["timer", "start", "1h", "--help"],
            ["timer", "start", "1h", "-h"],
            ["timer", "start", "help"],
            ["timer", "start", "1h", "--version"],
            ["timer", "start", "-5m"],
            ["timer", "start", "1h", "--"],
            ["timer", "start", "1h", "--nam", "x"],
            ["timer", "start", "1h", "-n=x"],
            ["timer", "start", "1h", "--silent=yes"],
            ["timer", "start", "1h", "--name="],
            ["timer", "start", ""],
            ["timer", "list"],
            ["timer", "1h"],
            ["status"],
            [],
        ]
        for line in lines {
            #expect(FastLane.timerStart(line) == nil, "\(line)")
        }
    }

    /// For every line the hand reader takes, ArgumentParser reads the same: a sweep over
    /// arguments put together from the pieces the two might read differently.
    @Test("whatever it reads, ArgumentParser reads the same")
    func sweep() {
        let pieces: [[String]] = [
            ["1h"], ["4분"], ["--name", "n"], ["-n", "n"], ["--name=n"], ["--silent"], ["--json"],
            ["--sound", "bell"], ["--sound=bell"], ["--socket", "/s"], ["--socket=/s"], ["-x"], ["--name", "-y"],
            ["30s"], ["help"], [""],
        ]
        var read = 0
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let line = ["timer", "start"] + first + second + third
                    guard let fast = FastLane.timerStart(line) else { continue }
                    read += 1
                    #expect(fast == Self.parsed(line), "\(line)")
                }
            }
        }
        #expect(read > 100)
    }
}
