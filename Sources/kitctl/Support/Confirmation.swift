import Glibc

/// Asks before something is deleted: on a terminal a y/N question, elsewhere only `--yes` will do.
enum Confirmation {
    static func require(_ question: String, yes: Bool, what: String) throws {
        if yes { return }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIError.usage("not deleting \(what) without confirmation: stdin is not a terminal; add --yes")
        }
        Terminal.writeError(question + " [y/N] ", newline: false)
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 && byte != 10 { answer.append(byte) }
        let text = String(decoding: answer, as: UTF8.self).lowercased().filter { !$0.isWhitespace }
        guard text == "y" || text == "yes" else { throw CLIError.usage("not deleted") }
    }
}
