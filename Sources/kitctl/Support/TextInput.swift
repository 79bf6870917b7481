import Glibc
import KitCore
import KitLocalization

/// Where the text of a memo or a diary entry comes from: the command line, else stdin when it
/// is not a terminal, else the editor.
enum TextInput {
    enum Source {
        case argument
        case stdin
        case editor
    }

    /// The text given on the command line, else all of stdin when it is not a terminal, else
    /// what the person writes in the editor, starting from `initial`. Refuses invalid UTF-8
    /// and, from the editor, an unchanged text; returns the text normalized for kit.
    static func collect(given: String?, initial: String, noun: String) throws -> (text: String, source: Source) {
        if let given { return (try normalized(given, noun: noun), .argument) }
        if isatty(STDIN_FILENO) != 1 {
            let bytes = try readStandardInput()
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CLIError.usage(
                    Localized.text(
                        "stdin is not valid UTF-8 text; nothing was saved (convert it first, e.g. `iconv -t UTF-8`)"))
            }
            return (try normalized(text, noun: noun), .stdin)
        }
        let edited = try Editor.edit(initial, noun: noun)
        return (edited, .editor)
    }

    static func normalized(_ text: String, noun: String) throws -> String {
        do throws(KitError) {
            return try EntryText.normalized(text, noun: noun)
        } catch {
            throw CLIError.usage(Localized.text("%s; nothing was saved", Localized.text(error.kitMessage)))
        }
    }

    /// All of stdin, up to a little over what kit keeps in one text.
    private static func readStandardInput() throws -> [UInt8] {
        let limit = EntryText.maximumBytes * 4
        guard let bytes = FileText.readAll(STDIN_FILENO, limit: limit) else {
            throw CLIError.usage(Localized.text("cannot read stdin: %s", String(cString: strerror(errno))))
        }
        guard bytes.count <= limit else {
            throw CLIError.usage(
                Localized.text(
                    "stdin holds more than %s MB; kit keeps at most about 1 MB in one text", "\(limit / 1_000_000)"))
        }
        return bytes
    }
}
