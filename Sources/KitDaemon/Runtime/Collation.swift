import CICU
import Glibc
import KitCore

/// Names in the order of the user's language: ICU's collation for the locale kitd runs in
/// (`LC_ALL`, else `LC_COLLATE`, else `LANG`), as sort keys. In the C and POSIX locales, or
/// when ICU has no collator for it, code point order.
final class Collation: NameOrder, @unchecked Sendable {
    /// The locale's name as ICU takes it (`ko_KR`), or nil for code point order.
    let locale: String?
    /// Used on the loop only.
    private let collator: UnsafeMutableRawPointer?

    init(locale: String?) {
        var opened: UnsafeMutableRawPointer?
        if let locale { opened = kit_collator_open(locale) }
        collator = opened
        self.locale = opened == nil ? nil : locale
    }

    deinit {
        if let collator { kit_collator_close(collator) }
    }

    /// The collation of the locale in kitd's environment.
    static func fromEnvironment() -> Collation {
        let names = ["LC_ALL", "LC_COLLATE", "LANG"]
        return Collation(locale: icuLocale(environment: names.map { name in getenv(name).map { String(cString: $0) } }))
    }

    /// `ko_KR.UTF-8@euro` → `ko_KR`: the first of `environment` that is set and not empty, without
    /// its codeset and modifier; nil for none, `C` or `POSIX`.
    static func icuLocale(environment: [String?]) -> String? {
        guard let value = environment.compactMap({ $0 }).first(where: { !$0.isEmpty }) else { return nil }
        let name = String(value.prefix { $0 != "." && $0 != "@" })
        return name.isEmpty || name == "C" || name == "POSIX" ? nil : name
    }

    func key(_ name: String) -> [UInt8] {
        guard let collator else { return Array(name.utf8) }
        let units = Array(name.utf16)
        var key = [UInt8](repeating: 0, count: units.count * 4 + 16)
        var length = Int(kit_collator_key(collator, units, Int32(units.count), &key, Int32(key.count)))
        if length > key.count {
            key = [UInt8](repeating: 0, count: length)
            length = Int(kit_collator_key(collator, units, Int32(units.count), &key, Int32(key.count)))
        }
        // The key ends with a zero byte, which orders nothing.
        return Array(key.prefix(max(0, length - 1)))
    }
}
