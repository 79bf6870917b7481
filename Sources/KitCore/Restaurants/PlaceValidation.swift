/// The rules for the fields of a place. Each function trims its input, returns the form to store
/// (`nil` for an empty optional field), or throws a message that quotes the input and says what to
/// do.
public enum PlaceValidation {
    public static let weightRange = 1...1000
    public static let maximumURLLength = 2000
    public static let maximumPhoneLength = 40
    public static let maximumAddressLength = 300
    public static let maximumNoteLength = 2000
    public static let maximumImageLength = 200

    /// A place name: the rules of `NameRules`, in NFC.
    public static func name(_ raw: String) throws(KitError) -> String {
        PlaceText.nfc(try NameRules.validated(raw, noun: "place name"))
    }

    /// A URL needs a scheme: `https://…`, `http://…`, `geo:37.26,127.00`, `tel:…`.
    ///
    /// The scheme is RFC 3986's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, except that a
    /// scheme with a dot is taken for a host name (`naver.me:80/x`). `http` and `https` need `//`
    /// and a host. Spaces and control characters are refused.
    public static func url(_ raw: String?) throws(KitError) -> String? {
        guard let text = nonEmpty(raw) else { return nil }
        let quoted = PlaceText.quoted(text)
        guard text.count <= maximumURLLength else {
            throw .invalidArgument("the URL \(quoted) has \(text.count) characters; the limit is \(maximumURLLength)")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace }),
            !PlaceText.hasControlCharacter(text)
        else {
            throw .invalidArgument("the URL \(quoted) contains spaces or control characters; encode spaces as %20")
        }
        guard let colon = text.firstIndex(of: ":"), isScheme(text[..<colon]) else {
            throw .invalidArgument("the URL \(quoted) has no scheme; write it as 'https://\(text)'")
        }
        let scheme = text[..<colon].lowercased()
        let rest = text[text.index(after: colon)...]
        if scheme == "http" || scheme == "https" {
            guard rest.hasPrefix("//"), rest.dropFirst(2).first.map({ $0 != "/" }) == true else {
                throw .invalidArgument(
                    "the URL \(quoted) has no host after '\(scheme)://'; write e.g. 'https://example.com/menu'")
            }
        } else if rest.isEmpty {
            throw .invalidArgument("the URL \(quoted) has nothing after '\(scheme):'; give the full address")
        }
        return text
    }

    /// A phone number: digits, spaces and `+-()` only, with at least one digit.
    public static func phone(_ raw: String?) throws(KitError) -> String? {
        guard let text = nonEmpty(raw) else { return nil }
        let quoted = PlaceText.quoted(text)
        let allowed: Set<Character> = [" ", "+", "-", "(", ")"]
        guard text.allSatisfy({ ($0.isASCII && $0.isNumber) || allowed.contains($0) }) else {
            throw .invalidArgument(
                "the phone number \(quoted) may only have digits, spaces and + - ( ); e.g. 031-123-4567")
        }
        guard text.contains(where: { $0.isASCII && $0.isNumber }) else {
            throw .invalidArgument("the phone number \(quoted) has no digits; e.g. 031-123-4567")
        }
        guard text.count <= maximumPhoneLength else {
            throw .invalidArgument(
                "the phone number \(quoted) has \(text.count) characters; the limit is \(maximumPhoneLength)")
        }
        return text
    }

    /// An address: printable text; line breaks and tabs are allowed.
    public static func address(_ raw: String?) throws(KitError) -> String? {
        try freeText(raw, noun: "address", limit: maximumAddressLength)
    }

    /// A note: printable text; line breaks and tabs are allowed.
    public static func note(_ raw: String?) throws(KitError) -> String? {
        try freeText(raw, noun: "note", limit: maximumNoteLength)
    }

    /// An image reference (a content hash, opaque here): printable text without spaces.
    public static func image(_ raw: String?) throws(KitError) -> String? {
        guard let text = nonEmpty(raw) else { return nil }
        guard text.count <= maximumImageLength, !text.unicodeScalars.contains(where: { $0.properties.isWhitespace }),
            !PlaceText.hasControlCharacter(text)
        else {
            throw .invalidArgument(
                "the image reference \(PlaceText.quoted(text)) is not a content hash; attach the image file instead")
        }
        return text
    }

    /// A weight: a whole number in `weightRange`.
    public static func weight(_ value: Int) throws(KitError) -> Int {
        guard weightRange.contains(value) else {
            throw .invalidArgument(
                "the weight \(value) is out of range; give a whole number from \(weightRange.lowerBound) to \(weightRange.upperBound) (1 is the default)"
            )
        }
        return value
    }

    /// A weight as typed; empty means the default, 1.
    public static func weight(text raw: String) throws(KitError) -> Int {
        let text = raw.trimmingWhitespace()
        if text.isEmpty { return 1 }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), text.count <= 9, let value = Int(text) else {
            throw .invalidArgument(
                "the weight \(PlaceText.quoted(text)) is not a whole number; give one from \(weightRange.lowerBound) to \(weightRange.upperBound) (1 is the default)"
            )
        }
        return try weight(value)
    }

    private static func freeText(_ raw: String?, noun: String, limit: Int) throws(KitError) -> String? {
        guard let text = nonEmpty(raw) else { return nil }
        guard text.count <= limit else {
            throw .invalidArgument(
                "the \(noun) \(PlaceText.quoted(text)) has \(text.count) characters; the limit is \(limit)")
        }
        guard !PlaceText.hasControlCharacter(text, allowing: ["\n", "\r", "\t"]) else {
            throw .invalidArgument(
                "the \(noun) \(PlaceText.quoted(text)) contains control characters; use printable text")
        }
        return text
    }

    private static func nonEmpty(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let text = PlaceText.display(raw)
        return text.isEmpty ? nil : text
    }

    private static func isScheme(_ text: Substring) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" }
    }
}
