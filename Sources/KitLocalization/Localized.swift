import CIntl
import Glibc
import KitCore

/// kit's messages in the user's language, through gettext's `kit` text domain: `LC_MESSAGES`
/// (else `LC_ALL`, `LANG`; `LANGUAGE` too, as in every gettext program) picks the language, and
/// the catalogs are `share/locale/LANG/LC_MESSAGES/kit.mo`. Logs and the JSON protocol stay
/// English; what a person reads goes through here.
///
/// A message is a literal in the code, with `%s` (or `%1$s`, `%2$s` where a translation puts
/// them in another order) for what is filled in: `Localized.text("%s is done", name)`. The
/// literals are what `xgettext --keyword=text --keyword=plural:1,2` extracts into `po/kit.pot`.
public enum Localized {
    public static let domain = "kit"

    /// Whether `setUp` ran: a process that did not (a test's in-process daemon) speaks kit's
    /// own English, whatever its environment says.
    public nonisolated(unsafe) private(set) static var isSetUp = false

    /// Binds the text domain once, before the first message: the catalogs under `KIT_LOCALEDIR`,
    /// else `share/locale` beside the binary's directory, the binary's own path with links
    /// followed (`/usr/bin/kitd` reads `/usr/share/locale`; a build in `.build/debug`, a link to
    /// `.build/x86_64-unknown-linux-gnu/debug`, reads `.build/x86_64-unknown-linux-gnu/share/locale`,
    /// where `make build` compiles them).
    public static func setUp() {
        isSetUp = true
        _ = kit_messages_locale()
        var directory = getenv("KIT_LOCALEDIR").map { String(cString: $0) } ?? ""
        if directory.isEmpty {
            directory = (executableDirectory() ?? ".") + "/../share/locale"
        }
        _ = kit_bindtextdomain(domain, directory)
        _ = kit_bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The directory of the running binary, its links followed; nil when it has no name there.
    /// Written on bytes: the generic split and join it replaced cost 0.28 ms of every kitctl
    /// command, most of it the runtime looking up their types' conformances.
    private static func executableDirectory() -> String? {
        var path = [UInt8](unsafeUninitializedCapacity: 4096) { _, count in count = 4096 }
        let count = path.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count) }
        }
        guard count > 0, count < path.count, let slash = path[0..<count].lastIndex(of: UInt8(ascii: "/")), slash > 0
        else { return nil }
        return String(decoding: path[0..<slash], as: UTF8.self)
    }

    /// The language messages are in, as gettext picks it: the first of `LANGUAGE` when the
    /// locale is not C, else the language of `LC_MESSAGES` (`ko` for `ko_KR.UTF-8`); nil for C.
    public static var language: String? {
        guard let locale = setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }), locale != "C", locale != "POSIX",
            !locale.hasPrefix("C.")
        else { return nil }
        if let list = getenv("LANGUAGE").map({ String(cString: $0) }), let first = list.split(separator: ":").first {
            return String(first.prefix { $0 != "_" && $0 != "." && $0 != "@" })
        }
        return String(locale.prefix { $0 != "_" && $0 != "." && $0 != "@" })
    }

    /// Whose public holidays kit marks when the configuration does not say: Korea's for a person
    /// who reads kit in Korean, else none. One rule for kitd's `[holidays]` default and kitctl's
    /// agenda.
    public static var holidayCountry: String? { language == "ko" ? "KR" : nil }

    /// `message` in the user's language, with its `%s` filled in by `arguments`, in order (or as
    /// `%1$s`, `%2$s` say).
    public static func text(_ message: StaticString, _ arguments: String...) -> String {
        fill(translated(message), arguments)
    }

    /// The singular or plural of a message for `count`, as the language counts (Korean has one
    /// form); `%d` in it is `count`, and `%s` are `arguments`.
    public static func plural(_ singular: StaticString, _ plural: StaticString, _ count: Int, _ arguments: String...)
        -> String
    {
        let text = singular.withUTF8Buffer { one in
            plural.withUTF8Buffer { many in
                String(cString: kit_ngettext(domain, pointer(one), pointer(many), UInt(max(0, count))))
            }
        }
        return fill(text.replacing("%d", with: String(count)), arguments)
    }

    /// A message whose template came at run time (a refusal kitd sent with its `data.format`):
    /// looked up the same way, filled in with `arguments`. A template no catalog has is its own
    /// English.
    public static func lookUp(_ format: String, _ arguments: [String]) -> String {
        // gettext answers a template it has no translation for with the pointer it was given.
        // A field noun filled in (`timer name`) is said in the user's language too.
        fill(
            format.withCString { String(cString: kit_gettext(domain, $0)) },
            arguments.map { FieldNoun.translated($0) ?? $0 })
    }

    /// A text that is its own template (a step or a note of the ramen catalog), in the user's
    /// language when kit's catalogs have it, else as it is.
    public static func phrase(_ text: String) -> String {
        text.isEmpty ? text : lookUp(text.replacing("%", with: "%%"), [])
    }

    /// A text kitd sent with its template (`explanationFormat`, a report line's `format`): in the
    /// user's language when the template came with it, else the English as it is.
    public static func said(_ english: String, format: String?, _ arguments: [String]?) -> String {
        guard let format else { return english }
        return lookUp(format, arguments ?? [])
    }

    private static func translated(_ message: StaticString) -> String {
        message.withUTF8Buffer { String(cString: kit_gettext(domain, pointer($0))) }
    }

    /// StaticString's bytes end with a NUL: they can go to C as they are.
    private static func pointer(_ buffer: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
    }

    /// `%s` in order, `%1$s` by number, `%%` as `%`; then a Korean translation's two-form
    /// particles (`%s을(를)`) as the word filled in before each takes them.
    static func fill(_ format: String, _ arguments: [String]) -> String {
        KoreanParticles.attach(KitText.fill(format, arguments))
    }

    /// Has KitCore's messages (`KitText`) looked up here too: for kitctl, whose parsers' refusals
    /// a person reads. kitd does not call it, so its protocol messages stay English.
    public static func translateKitCore() {
        KitText.translator = { format, arguments in lookUp(format, arguments) }
    }
}
