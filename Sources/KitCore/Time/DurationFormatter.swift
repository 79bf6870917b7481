/// Formats durations for people: clock style (`3:12`, `1:02:03`, `2d 03:04:05`) and
/// compact style (`4m30s`).
public enum DurationFormatter {
    public enum Rounding: Sendable {
        /// Countdowns: a timer with 0.2 s left still shows `0:01`.
        case up
        case down
        case nearest
    }

    /// `M:SS` under an hour, `H:MM:SS` under a day, `Nd HH:MM:SS` beyond.
    public static func clock(_ duration: Nanoseconds, rounding: Rounding = .up) -> String {
        let negative = duration < 0
        let total = wholeSeconds(abs(duration), rounding: rounding)
        let days = total / 86_400
        let hours = total % 86_400 / 3600
        let minutes = total % 3600 / 60
        let seconds = total % 60
        let text: String
        if days > 0 {
            text = "\(days)d \(two(hours)):\(two(minutes)):\(two(seconds))"
        } else if hours > 0 {
            text = "\(hours):\(two(minutes)):\(two(seconds))"
        } else {
            text = "\(minutes):\(two(seconds))"
        }
        return negative && total > 0 ? "-" + text : text
    }

    /// `clock`, with the fraction of a second a time was given with: `4:30`, `4:30.25`. For a
    /// length a person set (a ramen's cook time), not for a countdown.
    public static func exactClock(_ duration: Nanoseconds) -> String {
        let whole = clock(duration, rounding: .down)
        let fraction = (abs(duration) % Nanoseconds.second).value
        guard fraction != 0 else { return whole }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        return whole + "." + digits
    }

    /// `4m30s`, `1h2m`, `2d3h`, `45s`; zero is `0s`.
    public static func compact(_ duration: Nanoseconds, rounding: Rounding = .nearest) -> String {
        words(duration, rounding, units: ["d", "h", "m", "s"], separator: "")
    }

    /// Korean words: `4분 30초`, `1시간 2분`, `2일 3시간`, `45초`; zero is `0초`.
    public static func korean(_ duration: Nanoseconds, rounding: Rounding = .nearest) -> String {
        words(duration, rounding, units: ["일", "시간", "분", "초"], separator: " ")
    }

    /// The whole days, hours, minutes and seconds that are not zero, each with its unit (`units`
    /// in that order), joined by `separator`, `-` first when negative; `0` with the seconds' unit
    /// for zero.
    private static func words(_ duration: Nanoseconds, _ rounding: Rounding, units: [String], separator: String)
        -> String
    {
        var rest = wholeSeconds(abs(duration), rounding: rounding)
        if rest == 0 { return "0" + units[3] }
        var parts: [String] = []
        for (size, unit) in zip([Int64(86_400), 3600, 60, 1], units) where rest >= size {
            parts.append("\(rest / size)\(unit)")
            rest %= size
        }
        return (duration < 0 ? "-" : "") + parts.joined(separator: separator)
    }

    private static func wholeSeconds(_ ns: Nanoseconds, rounding: Rounding) -> Int64 {
        switch rounding {
        case .up: return (ns + 999_999_999) / Nanoseconds.second
        case .down: return ns / Nanoseconds.second
        case .nearest: return (ns + 500_000_000) / Nanoseconds.second
        }
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
