/// Places as CSV: the columns `name,tags,url,phone,address,note,weight`, with `tags` written
/// `k=v;k=v`. The image is not part of the file.
///
/// Import reads the header first. Its column names are matched like tags (case and spaces do not
/// matter) and may come in any order; `name` is required, the others may be left out, and unknown
/// or repeated columns are refused. An empty `weight` means 1. See `PlaceImportReport` for the
/// all-or-nothing checks.
public enum PlaceCSV {
    public static let columns = ["name", "tags", "url", "phone", "address", "note", "weight"]

    /// The places as CSV with a header row, in the order given.
    public static func export(_ places: [Place]) -> String {
        let rows = places.map { place in
            [
                place.name, place.tags.listText, place.url ?? "", place.phone ?? "", place.address ?? "",
                place.note ?? "", String(place.weight),
            ]
        }
        return CSV.write([columns] + rows)
    }

    /// Reads and checks a CSV file against the places already stored (`existing`).
    public static func read(_ text: String, existing: [PlaceDraft] = []) -> PlaceImportReport {
        let records: [CSV.Record]
        do {
            records = try CSV.parse(text)
        } catch {
            return unreadable(line: error.line, error.reason)
        }
        guard let header = records.first else {
            return unreadable(line: 1, "the file is empty; its first line must be the header \(headerText)")
        }
        var positions: [String: Int] = [:]
        for (index, raw) in header.fields.enumerated() {
            let name = PlaceText.key(raw)
            guard columns.contains(name) else {
                return unreadable(
                    line: header.line, "unknown column \(PlaceText.quoted(raw)); the columns are \(headerText)")
            }
            guard positions[name] == nil else {
                return unreadable(line: header.line, "the column '\(name)' appears twice; keep one")
            }
            positions[name] = index
        }
        guard positions["name"] != nil else {
            return unreadable(line: header.line, "the header has no 'name' column; start the file with \(headerText)")
        }
        var rows: [(line: Int, draft: PlaceDraft)] = []
        var problems: [PlaceImportReport.Problem] = []
        for record in records.dropFirst() {
            guard record.fields.count == header.fields.count else {
                problems.append(
                    .init(
                        kind: .badRow, line: record.line,
                        message: "the row has \(record.fields.count) fields but the header has "
                            + "\(header.fields.count); put fields that contain commas in double quotes"))
                continue
            }
            var messages: [String] = []
            if let draft = draft(record.fields, positions: positions, messages: &messages), messages.isEmpty {
                rows.append((record.line, draft))
            }
            problems += messages.map { .init(kind: .badRow, line: record.line, message: $0) }
        }
        return PlaceImportReport(rows: rows, problems: problems, unit: .line, existing: existing)
    }

    private static var headerText: String { columns.joined(separator: ",") }

    private static func unreadable(line: Int, _ message: String) -> PlaceImportReport {
        PlaceImportReport(
            rows: [], problems: [.init(kind: .unreadable, line: line, message: message)], unit: .line, existing: []
        )
    }

    /// The row as a checked draft; every field's problem goes to `messages`.
    private static func draft(_ fields: [String], positions: [String: Int], messages: inout [String]) -> PlaceDraft? {
        func field(_ column: String) -> String? { positions[column].map { fields[$0] } }
        func check<T>(_ body: () throws(KitError) -> T) -> T? {
            do {
                return try body()
            } catch {
                messages.append(error.message)
                return nil
            }
        }
        let name = check { () throws(KitError) in try PlaceValidation.name(field("name") ?? "") }
        let tags = check { () throws(KitError) in try TagSet.parseList(field("tags") ?? "") }
        let url = check { () throws(KitError) in try PlaceValidation.url(field("url")) }
        let phone = check { () throws(KitError) in try PlaceValidation.phone(field("phone")) }
        let address = check { () throws(KitError) in try PlaceValidation.address(field("address")) }
        let note = check { () throws(KitError) in try PlaceValidation.note(field("note")) }
        let weight = check { () throws(KitError) in try PlaceValidation.weight(text: field("weight") ?? "") }
        guard let name, let tags, let url, let phone, let address, let note, let weight else { return nil }
        return PlaceDraft(name: name, tags: tags, url: url, phone: phone, address: address, note: note, weight: weight)
    }
}
