import ArgumentParser
import Glibc
import KitCore

/// The fields `place add` and `place edit` set. For `edit`, an empty value clears a field.
struct PlaceFieldOptions: ParsableArguments {
    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp("Add a tag, category=value (area=수원역, kind=양식); repeat it.", valueName: "category=value"),
        completion: .custom(TagCompletion.all))
    var tags: [String] = []

    @Option(help: ArgumentHelp("A link with its scheme (https://…, geo:…).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("A phone number: digits, spaces and + - ( ).", valueName: "phone"))
    var phone: String?

    @Option(help: ArgumentHelp("The address.", valueName: "text"))
    var address: String?

    @Option(help: ArgumentHelp("A note.", valueName: "text"))
    var note: String?

    @Option(help: ArgumentHelp("How likely `pick --weight` picks it, 1 to 1000 (default 1).", valueName: "n"))
    var weight: String?

    @Option(
        help: ArgumentHelp("A PNG, JPEG, GIF or WebP file of at most 20 MiB; kitd keeps a copy.", valueName: "file"),
        completion: .file())
    var image: String?

    func checkedTags() throws -> [String] { try PlaceFilterOptions.checked(tags) }

    func checkedWeight() throws -> Int? {
        guard let weight else { return nil }
        do {
            return try PlaceValidation.weight(text: weight)
        } catch {
            throw CLIError.usage(error.message)
        }
    }

    /// The image path made absolute (kitd may run in another directory).
    var absoluteImagePath: String? {
        guard let image, !image.isEmpty else { return nil }
        if image.hasPrefix("/") { return image }
        guard let cwd = getcwd(nil, 0) else { return image }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + image
    }
}
