/// Reminders ahead of a due time: `1d,1h,10m` means a day, an hour and ten minutes before.
public enum PreAlerts {
    /// At most this many pre-alerts per task.
    public static let maximumCount = 10

    /// Reads a comma-separated list of durations (each as `DurationParser` reads it) into offsets
    /// before the due time, **largest first**: the order in which they fire. Zero, negative and
    /// repeated offsets (`60m,1h`) are refused, and so are more than `maximumCount`.
    public static func parse(_ text: String) throws(KitError) -> [Nanoseconds] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingWhitespace()
        }
        guard !(items.count == 1 && items[0].isEmpty) else {
            throw .invalidArgument(
                "the list of alerts is empty; give durations before the due time, e.g. 1d,1h,10m")
        }
        var offsets: [Nanoseconds] = []
        for item in items {
            guard !item.isEmpty else {
                throw .invalidArgument(
                    "'\(text)' has an empty entry between commas; write e.g. 1d,1h,10m")
            }
            let offset: Nanoseconds
            do {
                offset = try DurationParser.parse(item)
            } catch {
                // The entry is named only in a list: a lone one is what the message quotes already.
                if items.count == 1 { throw .invalidArgument(error.kitMessage) }
                throw .invalidArgument("alert '\(item)' in '\(text)': \(error.kitMessage)")
            }
            if offsets.contains(offset) {
                throw .invalidArgument(
                    "'\(text)' gives \(DurationFormatter.compact(offset)) before the due time twice; give each once")
            }
            offsets.append(offset)
        }
        guard offsets.count <= maximumCount else {
            throw .invalidArgument(
                "'\(text)' has \(String(offsets.count)) alerts; a task can have at most \(String(maximumCount))")
        }
        return offsets.sorted(by: >)
    }

    /// `1d,1h,10m`: what `parse` reads back.
    public static func format(_ offsets: [Nanoseconds]) -> String {
        offsets.sorted(by: >).map { DurationFormatter.compact($0) }.joined(separator: ",")
    }
}
