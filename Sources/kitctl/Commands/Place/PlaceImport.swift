import ArgumentParser
import KitLocalization
import KitProtocol

struct PlaceImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: Localized.text(
            "Import places from CSV or JSON, all or nothing: a file with any bad row imports nothing."),
        discussion: Localized.text(
            "The format follows the file name (.csv or .json), else its first character ('[' or '{' is JSON).\nCSV columns: name, tags, url, phone, address, note, weight (any order; only name is required).\nExample: kitctl place import places.csv"
        ))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(Localized.text("The file."), valueName: "file"), completion: .file())
    var file: String

    @Option(help: ArgumentHelp(Localized.text("csv or json, when the file name does not say."), valueName: "format"))
    var format: String?

    func run() throws {
        let text = try FileText.read(file, what: "places")
        let format = try self.format.map(checkedFormat) ?? guessedFormat(text)
        let result = try global.call(
            Method.placeImport, PlaceImportParams(format: format, text: text))
        if output.json { return try JSONOutput.print(result) }
        let count = result.imported.count
        var line = Localized.plural("Imported %d place from %s", "Imported %d places from %s", count, file)
        if let skipped = result.skipped, !skipped.isEmpty {
            let names = skipped.prefix(5).joined(separator: ", ") + (skipped.count > 5 ? ", …" : "")
            line += "; " + Localized.text("skipped %1$s kit has already, the same: %2$s", String(skipped.count), names)
        }
        Terminal.writeLine(line)
    }

    private func checkedFormat(_ text: String) throws -> String {
        let format = text.lowercased()
        guard format == "csv" || format == "json" else {
            throw CLIError.usage(Localized.text("unknown format '%s'; use --format csv or --format json", text))
        }
        return format
    }

    private func guessedFormat(_ text: String) -> String {
        let lower = file.lowercased()
        if lower.hasSuffix(".json") { return "json" }
        if lower.hasSuffix(".csv") { return "csv" }
        let first = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        return first == "[" || first == "{" ? "json" : "csv"
    }
}
