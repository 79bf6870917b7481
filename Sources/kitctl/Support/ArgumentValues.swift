import KitCore

/// Reads command-line values with KitCore's parsers, turning their errors into usage errors (exit 1).
enum ArgumentValues {
    /// Whole seconds of a duration such as `4m30s` or `4:30`.
    static func seconds(_ text: String) throws -> Int {
        do throws(DurationParseError) {
            return Int(try DurationParser.parse(text) / Nanoseconds.nanosecondsPerSecond)
        } catch {
            throw CLIError.usage(error.description)
        }
    }

    /// Ramen steps such as `1:00 left: add an egg`.
    static func steps(_ texts: [String]) throws -> [RamenStep] {
        try texts.map { text in
            do throws(KitError) {
                return try RamenStep.parse(text)
            } catch {
                throw CLIError.usage(error.description)
            }
        }
    }
}
