import Foundation
import KitCore
import KitStore
import KitTestSupport

/// Issue 6's figures: with 10,000 diary entries of about 2 KB each, the whole-command time of
/// `kitctl diary search WORD` and of `kitctl diary list --month`.
enum DiaryFigures {
    static let words = [
        "morning", "coffee", "river", "walk", "rain", "office", "meeting", "train", "dinner", "friend", "book",
        "music", "quiet", "window", "garden", "market", "letter", "evening", "tired", "happy", "wind", "street",
        "bridge", "cloud", "tea", "bread", "장보기", "산책", "회의", "저녁", "친구", "커피", "비", "바람", "도서관",
        "지하철", "점심", "운동", "일기", "하늘",
    ]
    /// In about 1 % of entries.
    static let rareWord = "lighthouse"

    static func searchAndList(entries: Int = 10_000, runs: Int = 30) throws -> [Figure] {
        let daemon = try BenchDaemon()
        try daemon.start()
        daemon.stop()
        let bytes = try populate(daemon.databasePath, entries: entries)
        try daemon.start()
        func measure(_ arguments: [String]) throws -> (Sample, String) {
            let (times, output) = try daemon.timeKitctl(arguments, runs: runs)
            return (Sample(times), output.split(separator: "\n").last.map(String.init) ?? "")
        }
        let (rare, rareShown) = try measure(["diary", "search", rareWord])
        let (common, commonShown) = try measure(["diary", "search", "coffee"])
        let (short, shortShown) = try measure(["diary", "search", "산책"])
        let (month, _) = try measure(["diary", "list", "--month"])
        daemon.stop()
        let size = "\(entries) entries, \(bytes / entries) B each on average"
        return [
            Figure(
                name: "`kitctl diary search \(rareWord)` (in ~1 % of \(size); \(runs) runs; \(rareShown))",
                target: "report",
                measured: "median \(format(rare.median)) ms, p90 \(format(rare.percentile(90))) ms", met: nil),
            Figure(
                name: "  `kitctl diary search coffee` (in most entries; 50 shown: \(commonShown))", target: "report",
                measured: "median \(format(common.median)) ms, p90 \(format(common.percentile(90))) ms", met: nil),
            Figure(
                name: "  `kitctl diary search 산책` (2 letters: a scan, not the index; \(shortShown))", target: "report",
                measured: "median \(format(short.median)) ms, p90 \(format(short.percentile(90))) ms", met: nil),
            Figure(
                name: "`kitctl diary list --month` (this month's ~30 of \(entries); \(runs) runs)", target: "report",
                measured: "median \(format(month.median)) ms, p90 \(format(month.percentile(90))) ms", met: nil),
        ]
    }

    /// Writes `entries` entries straight into the database, one a day back from today, each of
    /// about 2 KB of English and Korean words; returns the total text size in bytes.
    static func populate(_ path: String, entries: Int) throws -> Int {
        let database = try KitDatabase.open(path: path, logger: .init(label: "bench"))
        let now = WallTime(seconds: wallSeconds())
        let today = CivilDateTime(now, in: FixedOffset.utc).date
        var generator = SplitMix64(seed: 6)
        var batch: [DiaryEntry] = []
        var total = 0
        for index in 0..<entries {
            var text = "Day \(index): " + words[Int(generator.next() % UInt64(words.count))] + "\n\n"
            while text.utf8.count < 2000 {
                text += words[Int(generator.next() % UInt64(words.count))]
                text += generator.next() % 12 == 0 ? ".\n" : " "
            }
            if index % 100 == 7 { text += " " + rareWord }
            total += text.utf8.count
            batch.append(
                DiaryEntry(
                    id: Int64(index + 1), text: text, day: today.adding(days: -index),
                    time: TimeOfDay(hour: Int(generator.next() % 24), minute: Int(generator.next() % 60)),
                    weather: index % 3 == 0 ? "rain" : nil, createdAt: now, updatedAt: now))
            if batch.count == 1000 {
                try database.diary.insert(batch)
                batch.removeAll()
            }
        }
        try database.diary.insert(batch)
        try database.commit()
        return total
    }
}
