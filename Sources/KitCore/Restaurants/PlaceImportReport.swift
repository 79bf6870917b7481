/// The outcome of checking a file of places before importing it: all or nothing.
///
/// Every row is checked (fields, tags, weight, URL) and names are compared after normalisation
/// (`PlaceText.key`) with each other and with the places already stored: a place kit has already,
/// the same in every field (kit's own export read back), is skipped and named in `skipped`; one
/// of that name that differs is a problem. If anything is wrong,
/// `drafts` is empty and `problems` lists every reason with its line (CSV) or item (JSON list)
/// number; otherwise `drafts` holds every place, in file order, ready to be stored in one
/// transaction.
public struct PlaceImportReport: Equatable, Sendable, CustomStringConvertible {
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public enum Kind: String, Equatable, Sendable {
            /// The file cannot be read at all (unbalanced quotes, no header).
            case unreadable
            /// A row is wrong: column count, a field, a tag, the weight.
            case badRow
            /// A name is used twice in the file, or by a stored place.
            case duplicateName
        }

        /// Where the problem is counted: CSV lines, or items of a JSON list.
        public enum Unit: String, Equatable, Sendable {
            case line, item
        }

        public let kind: Kind
        public let unit: Unit
        /// The 1-based line (for CSV, where the record starts) or item number.
        public let line: Int
        public let message: String

        public init(kind: Kind, unit: Unit = .line, line: Int, message: String) {
            self.kind = kind
            self.unit = unit
            self.line = line
            self.message = message
        }

        /// `line 4: the weight 'x' is not a whole number; …`.
        public var description: String { "\(unit.rawValue) \(line): \(message)" }
    }

    /// The places to import; empty whenever `problems` is not.
    public let drafts: [PlaceDraft]
    /// The names of places the file holds that kit has already, the same in every field.
    public let skipped: [String]
    public let problems: [Problem]

    public var isAccepted: Bool { problems.isEmpty }

    /// A report for places that arrived as a list (JSON): each is checked (`PlaceDraft.validated`)
    /// and names are compared as for CSV, counting items from 1.
    public init(checking drafts: [PlaceDraft], existing: [PlaceDraft] = []) {
        self.init(checkingItems: drafts.map { .success($0) }, existing: existing)
    }

    /// The same for a list some of whose items could not be read as places at all (a missing
    /// name, a tag that is not a tag): each failure is listed as a bad row with its item number.
    public init(checkingItems items: [Result<PlaceDraft, KitError>], existing: [PlaceDraft] = []) {
        var rows: [(line: Int, draft: PlaceDraft)] = []
        var problems: [Problem] = []
        for (index, item) in items.enumerated() {
            do {
                rows.append((index + 1, try item.get().validated()))
            } catch {
                problems.append(Problem(kind: .badRow, unit: .item, line: index + 1, message: error.message))
            }
        }
        self.init(rows: rows, problems: problems, unit: .item, existing: existing)
    }

    /// Checks names for duplicates and applies all-or-nothing.
    init(rows: [(line: Int, draft: PlaceDraft)], problems: [Problem], unit: Problem.Unit, existing: [PlaceDraft]) {
        var problems = problems
        var stored: [String: PlaceDraft] = [:]
        for place in existing { stored[place.nameKey] = place }
        var firstLine: [String: Int] = [:]
        var skipped: [String] = []
        var kept: [PlaceDraft] = []
        for (line, draft) in rows {
            let key = draft.nameKey
            let quoted = PlaceText.quoted(draft.name)
            if let place = stored[key] {
                if Self.same(draft, place) && firstLine[key] == nil {
                    firstLine[key] = line
                    skipped.append(place.name)
                    continue
                }
                problems.append(
                    Problem(
                        kind: .duplicateName, unit: unit, line: line,
                        message:
                            "a place named \(quoted) already exists with other details; rename this one or remove the "
                            + "stored one first"
                    ))
            } else if let first = firstLine[key] {
                problems.append(
                    Problem(
                        kind: .duplicateName, unit: unit, line: line,
                        message:
                            "the name \(quoted) is already used on \(unit.rawValue) \(first); give each place its own name"
                    ))
            } else {
                firstLine[key] = line
                kept.append(draft)
            }
        }
        problems.sort { ($0.line, $0.kind.rawValue) < ($1.line, $1.kind.rawValue) }
        self.problems = problems
        self.drafts = problems.isEmpty ? kept : []
        self.skipped = problems.isEmpty ? skipped : []
    }

    /// Whether a place read from a file is one kit has: every field the same (an image only
    /// when the file gives one, since a CSV file carries none).
    static func same(_ read: PlaceDraft, _ stored: PlaceDraft) -> Bool {
        read.name == stored.name && read.tags == stored.tags && read.url == stored.url && read.phone == stored.phone
            && read.address == stored.address && read.note == stored.note && read.weight == stored.weight
            && (read.image == nil || read.image == stored.image)
    }

    /// The places, or one error listing the problems.
    public func accepted() throws(KitError) -> [PlaceDraft] {
        guard isAccepted else { throw .invalidArgument(KitMessage(verbatim: description)) }
        return drafts
    }

    /// How many problems `description` lists before summing up the rest.
    public static let listedProblems = 20

    /// "3 places are ready to import", or "nothing was imported: …" with one problem per line.
    public var description: String {
        if isAccepted {
            let ready = drafts.count == 1 ? "1 place is ready to import" : "\(drafts.count) places are ready to import"
            return skipped.isEmpty ? ready : ready + "; \(skipped.count) kit has already"
        }
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        var lines = ["nothing was imported: the file has \(count); fix the file and import it again"]
        lines += problems.prefix(Self.listedProblems).map(\.description)
        if problems.count > Self.listedProblems { lines.append("… and \(problems.count - Self.listedProblems) more") }
        return lines.joined(separator: "\n")
    }
}
