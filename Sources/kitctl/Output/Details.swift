/// A title line, then `label: value` rows with the values lined up, by display width, so that
/// Korean labels line up as English ones do (`task show`, `timer show`, `status`).
struct Details {
    var title: String?
    var rows: [(label: String, value: String)] = []
    /// The fewest cells a label and the gap after it take.
    var minimumWidth: Int
    /// The fewest spaces after the longest label.
    var gap: Int

    init(_ title: String?, minimumWidth: Int = 10, gap: Int = 2) {
        self.title = title
        self.minimumWidth = minimumWidth
        self.gap = gap
    }

    mutating func add(_ label: String, _ value: String) { rows.append((label, value)) }

    func render() -> String {
        let width = max(minimumWidth, (rows.map { DisplayWidth.of($0.label) }.max() ?? 0) + gap)
        let lines = rows.map { DisplayWidth.padded($0.label, to: width) + $0.value }
        return ((title.map { [$0] } ?? []) + lines).joined(separator: "\n")
    }
}
