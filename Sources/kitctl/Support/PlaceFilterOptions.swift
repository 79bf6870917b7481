import ArgumentParser
import KitCore
import KitLocalization

/// `--tag category=value`, repeatable, completed from the tags kitd knows.
struct PlaceFilterOptions: ParsableArguments {
    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp(
            Localized.text(
                "Only places with this tag (category=value); repeat it: values of one category are OR-ed, categories AND-ed."
            ),
            valueName: "category=value"),
        completion: .custom(TagCompletion.complete))
    var tags: [String] = []

    /// The tags, checked here so that a typo is a usage error before kitd is asked.
    func checked() throws -> [String] { try Self.checked(tags) }

    /// Each `category=value` checked; the first that is not a tag is a usage error (exit 1).
    static func checked(_ tags: [String]) throws -> [String] {
        for tag in tags {
            do {
                _ = try PlaceTag.parse(tag)
            } catch {
                throw CLIError.usage(error)
            }
        }
        return tags
    }
}
