import ArgumentParser
import Glibc
import KitCore
import KitLocalization
import KitProtocol

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct DiaryExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: Localized.text(
            "Every entry as Markdown or JSON: one document on stdout, or one file per entry in --out DIR."),
        discussion: Localized.text(
            "File names are the date and the title's words (2026-11-20-rain-by-the-river.md), unique, with nothing that could leave DIR. Existing files of the same name are replaced.\nExample: kitctl diary export --format md --out 일기"
        ))

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case md
        case json
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp(Localized.text("md or json."), valueName: "format"))
    var format: Format

    @Option(
        help: ArgumentHelp(
            Localized.text("Write one file per entry into this directory (made if missing)."), valueName: "dir"),
        completion: .directory)
    var out: String?

    func run() throws {
        let result = try global.call(Method.diaryExport, EmptyParams())
        guard let out else {
            switch format {
            case .json: return try JSONOutput.print(result)
            case .md: return Terminal.write(DiaryMarkdown.document(try entries(result)))
            }
        }
        try makeDirectory(out)
        var taken = Set<String>()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        for (info, entry) in zip(result.entries, try entries(result)) {
            let name = ExportFileName.unique(
                ExportFileName.stem(date: entry.day, title: entry.title), extension: format.rawValue, taken: &taken)
            let bytes: [UInt8] =
                switch format {
                case .md: Array(DiaryMarkdown.render(entry).utf8)
                case .json: Array(try encoder.encode(info)) + [10]
                }
            // Never through a symbolic link someone left at one of our names.
            try FileText.write(bytes, to: out + "/" + name, mode: 0o600, followLinks: false)
        }
        let count = result.entries.count
        Terminal.writeLine(Localized.plural("Exported %d entry to %s", "Exported %d entries to %s", count, out))
    }

    private func entries(_ result: DiaryExportResult) throws -> [DiaryEntry] {
        try result.entries.map { info in
            guard let entry = info.entry else {
                throw CLIError.usage(Localized.text("kitd sent entry %s in a form kitctl cannot read", "\(info.id)"))
            }
            return entry
        }
    }

    private func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw CLIError.usage(Localized.text("cannot make %1$s: %2$s", path, String(cString: strerror(errno))))
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw CLIError.usage(Localized.text("%s is not a directory", path))
        }
    }
}
