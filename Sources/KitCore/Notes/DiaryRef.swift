/// What a person typed to mean one diary entry: an id (`7`, `#7`), a date (the latest entry of
/// that day; also `today` and `yesterday`), or a title.
public enum DiaryRef: Equatable, Sendable {
    case id(Int64)
    case day(CivilDate)
    case title(String)

    /// Reads `text`; a text shaped like a date must be a real one (2026-02-30 is refused).
    public static func parse(_ text: String, today: CivilDate) throws(KitError) -> DiaryRef {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw .invalidArgument("the entry reference is empty; give an id, a date (2026-11-20) or a title")
        }
        if case .id(let id) = Reference(trimmed) { return .id(id) }
        // today, yesterday, 어제, 지난 금요일: a title that is no day stays a title.
        if let day = try? SaidDay.parse(trimmed, today: today) { return .day(day) }
        if let written = CivilDate.writtenPrefix(Substring(trimmed)), written.rest.isEmpty {
            return .day(try CivilDate.parseWritten(trimmed))
        }
        guard trimmed.count <= EntryText.maximumReferenceLength else {
            throw .invalidArgument(
                "the entry reference has \(trimmed.count) characters; the limit is \(EntryText.maximumReferenceLength), so give an id, a date or a shorter title"
            )
        }
        return .title(trimmed)
    }

    /// Starts with `NNNN-NN-NN`: meant as a date, whether or not it is a real one.
    public static func looksLikeDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes[4] == 45, bytes[7] == 45 else { return false }
        return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { bytes[$0] >= 48 && bytes[$0] <= 57 }
    }
}
