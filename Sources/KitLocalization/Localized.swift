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

    /// Where the catalogs stand in this process.
    private enum Binding {
        /// `setUp` has not run: a process that never runs it (a test's in-process daemon) speaks
        /// kit's own English, whatever its environment says.
        case unbound
        /// `setUpBeforeFirstMessage` ran: the first message runs `setUp`.
        case onFirstMessage
        case bound
    }

    private nonisolated(unsafe) static var binding = Binding.unbound

    /// Whether `setUp` ran.
    public static var isSetUp: Bool { binding == .bound }

    /// For a program that calls `setUp` late, once it has something else under way (kitctl's
    /// `timer start` sends its request first, and binds the catalogs while kitd commits it): a
    /// message it makes before then (a usage error, kitd not running) still comes in the user's
    /// language, as `setUp` is run for it first. Single-threaded programs only.
    public static func setUpBeforeFirstMessage() {
        if binding == .unbound { binding = .onFirstMessage }
    }

    /// `setUp`, unless it has run.
    public static func setUpIfNeeded() {
        if binding != .bound { setUp() }
    }

    @inline(__always) static func ready() {
        if binding == .onFirstMessage { setUp() }
    }

    /// Binds the text domain once, before the first message: the catalogs under `KIT_LOCALEDIR`,
    /// else `share/locale` beside the binary's directory, the binary's own path with links
    /// followed (`/usr/bin/kitd` reads `/usr/share/locale`; a build in `.build/debug`, a link to
    /// `.build/x86_64-unknown-linux-gnu/debug`, reads `.build/x86_64-unknown-linux-gnu/share/locale`,
    /// where `make build` compiles them).
    public static func setUp() {
        binding = .bound
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
        ready()
        let text = singular.withUTF8Buffer { one in
            plural.withUTF8Buffer { many in
                String(cString: kit_ngettext(domain, pointer(one), pointer(many), UInt(max(0, count))))
            }
        }
        return fill(text.replacing("%d", with: String(count)), arguments)
    }

    /// Why `error` happened, in the user's language: a `MessageError`'s message (a refusal, a
    /// parser's reason), else the error's own words.
    public static func text(of error: any Error) -> String {
        (error as? any MessageError).map { text($0.kitMessage) } ?? "\(error)"
    }

    /// A message kit made (`KitMessage`: a refusal, a parser's reason, kitd's template sent in
    /// `data.format`, a phrase of the ramen catalog) in the user's language: its template looked
    /// up in the catalog, each value that is a message itself said the same way first, and a
    /// field noun filled in (`timer name`) said in the user's language too. A message without a
    /// template, or one no catalog has, is its own English.
    public static func text(_ message: KitMessage) -> String {
        // An empty template is the catalog's header: a message without one is its English.
        guard let format = message.format, !format.isEmpty else { return message.english }
        var values = message.arguments
        for (index, part) in message.parts.enumerated() where values.indices.contains(index) {
            if let part { values[index] = text(part) }
        }
        // gettext answers a template it has no translation for with the pointer it was given.
        ready()
        return fill(
            format.withCString { String(cString: kit_gettext(domain, $0)) },
            values.map { value in FieldNoun.message(value).map(text) ?? value })
    }

    private static func translated(_ message: StaticString) -> String {
        ready()
        return message.withUTF8Buffer { String(cString: kit_gettext(domain, pointer($0))) }
    }

    /// StaticString's bytes end with a NUL: they can go to C as they are.
    private static func pointer(_ buffer: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
    }

    /// `%s` in order, `%1$s` by number, `%%` as `%`; then a Korean translation's two-form
    /// particles (`%s을(를)`) as the word filled in before each takes them.
    static func fill(_ format: String, _ arguments: [String]) -> String {
        KoreanParticles.attach(KitMessage.fill(format, arguments))
    }
}
