import KitCore

/// Reads command-line values with KitCore's parsers, turning their errors into usage errors (exit 1).
enum ArgumentValues {
    /// A duration such as `4m30s` or `3:30`, to the nanosecond.
    static func duration(_ text: String) throws -> Nanoseconds {
        do throws(DurationParseError) {
            return try DurationParser.parse(text)
        } catch {
            throw CLIError.usage(error)
        }
    }

    /// Ramen steps such as `1:00 left: add an egg`.
    static func steps(_ texts: [String]) throws -> [RamenStep] {
        try texts.map { text in
            do throws(KitError) {
                return try RamenStep.parse(text)
            } catch {
                throw CLIError.usage(error)
            }
        }
    }
}
