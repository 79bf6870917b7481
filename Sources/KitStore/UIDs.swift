import Foundation

/// iCalendar UIDs for the records kit makes: a random UUID, lower case, at `kit`
/// (`5b1c…-…@kit`), as tasks have had since their first version.
public enum UIDs {
    public static func make() -> String { UUID().uuidString.lowercased() + "@kit" }

    /// The same in SQL, for rows that had none (each row its own random one).
    static let sqlExpression = """
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
            || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-'
            || hex(randomblob(6))) || '@kit'
        """
}
