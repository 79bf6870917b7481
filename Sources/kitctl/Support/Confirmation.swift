import Glibc
import KitCore
import KitLocalization

/// Asks before something is deleted: on a terminal a y/N question, elsewhere only `--yes` will do.
enum Confirmation {
    static func require(_ question: String, yes: Bool, what: String) throws {
        if yes { return }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIError.usage(
                Localized.text("not deleting %s without confirmation: stdin is not a terminal; add --yes", what))
        }
        Terminal.writeError(question + " [y/N] ", newline: false)
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 && byte != 10 { answer.append(byte) }
        guard isYes(String(decoding: answer, as: UTF8.self)) else {
            throw CLIError.usage(Localized.text("not deleted"))
        }
    }

    /// `y` and `yes`, and in Korean `예`, `네` and `ㅛ` (the y key with the Korean layout on); any
    /// other answer (`n`, `아니오`, `아니요`, `ㅜ`, nothing) is no.
    static func isYes(_ answer: String) -> Bool {
        let text = PlaceText.nfc(answer).lowercased().filter { !$0.isWhitespace }
        return ["y", "yes", "예", "네", "ㅛ"].contains(text)
    }
}
