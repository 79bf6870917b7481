import KitCore

/// Checks task arguments on the client, so that a typo is a usage error (exit 1) with an
/// example, before kitd places them in time.
enum TaskArguments {
    static func when(_ text: String) throws -> String {
        do throws(KitError) {
            _ = try WhenExpression.parse(text)
            return text
        } catch {
            throw CLIError.usage(error)
        }
    }

    /// The rule in its normal RRULE form (`Recurrence.rrule`), the one text kitd stores.
    static func rule(_ text: String) throws -> String {
        guard !text.isEmpty else { return text }
        do throws(KitError) {
            return try Recurrence.parse(text).validated().rrule
        } catch {
            throw CLIError.usage(error)
        }
    }

    static func alerts(_ text: String) throws -> String {
        guard !text.isEmpty else { return text }
        do throws(KitError) {
            _ = try PreAlerts.parse(text)
            return text
        } catch {
            throw CLIError.usage(error)
        }
    }

    static func duration(_ text: String) throws -> String {
        guard !text.isEmpty else { return text }
        _ = try ArgumentValues.duration(text)
        return text
    }
}
