/// The last line of a digest popup, for what its detailed lines left out: each by name, so a
/// person reads what happened to every one of them, up to `namedLimit`; only past that a count.
///
/// `… and 3 more: storm-22, storm-23, storm-24; see kitctl timer list --all`
/// `… and 52 more: a, b, … (40 of them), and 12 others; see …`
public enum DigestText {
    /// The most names the line spells out.
    public static let namedLimit = 40

    /// The line for `rest` (the names the lines above it left out, in order) of `count` left out
    /// in all (`count` may exceed `rest.count` when the caller kept only the first names); nil
    /// when nothing was left out. `see` says where to read them all.
    public static func rest(_ rest: [String], count: Int, see: String) -> String? {
        guard count > 0 else { return nil }
        let named = rest.prefix(namedLimit)
        guard !named.isEmpty else { return "… and \(count) more; see \(see)" }
        let others = count - named.count
        return "… and \(count) more: " + named.joined(separator: ", ")
            + (others > 0 ? ", and \(others) others" : "") + "; see \(see)"
    }
}
