/// KitCore's messages for people (and `KitMessage`'s): English, unless the process installed a
/// `translator`. kitctl installs gettext's (through `Localized.translateKitCore()`), so the
/// refusals of what it parses itself (due times, durations, repeat rules) come in the user's
/// language; kitd does not, so the protocol's messages stay English.
///
/// A message is a literal with `%s` (or `%1$s`, `%2$s`) for what is filled in, as for
/// `Localized.text`; `scripts/po.sh pot` extracts both kinds.
public enum KitText {
    /// Looks a message's template up and fills it in; nil means kit's English. Set once, at
    /// start-up, before any message is made.
    public nonisolated(unsafe) static var translator: (@Sendable (String, [String]) -> String)?

    public static func text(_ message: StaticString, _ arguments: String...) -> String {
        if let translator { return translator(message.description, arguments) }
        return fill(message.description, arguments)
    }

    /// `%s` in order, `%1$s` by number, `%%` as `%`.
    public static func fill(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            // `append(contentsOf:)` with a Substring, not `+=`, whose generic form has the runtime
            // look up Substring's conformances at the first message of every kitctl command.
            result.append(contentsOf: rest[..<percent])
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                rest = rest.dropFirst()
            } else if rest.first == "s" {
                result += next < arguments.count ? arguments[next] : ""
                next += 1
                rest = rest.dropFirst()
            } else if let dollar = rest.firstIndex(of: "$"), let number = Int(rest[..<dollar]),
                rest[rest.index(after: dollar)...].first == "s"
            {
                result += number >= 1 && number <= arguments.count ? arguments[number - 1] : ""
                rest = rest[rest.index(dollar, offsetBy: 2)...]
            } else {
                result += "%"
            }
        }
        result.append(contentsOf: rest)
        return result
    }
}
