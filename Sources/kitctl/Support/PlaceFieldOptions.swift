import ArgumentParser
import Glibc
import KitCore
import KitLocalization
import KitProtocol

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields `place add` and `place edit` set. For `edit`, an empty value clears a field.
struct PlaceFieldOptions: ParsableArguments {
    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp(
            Localized.text("Add a tag, category=value (area=수원역, kind=양식); repeat it."), valueName: "category=value"),
        completion: .custom(TagCompletion.all))
    var tags: [String] = []

    @Option(help: ArgumentHelp(Localized.text("A link with its scheme (https://…, geo:…)."), valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp(Localized.text("A phone number: digits, spaces and + - ( )."), valueName: "phone"))
    var phone: String?

    @Option(help: ArgumentHelp(Localized.text("The address."), valueName: "text"))
    var address: String?

    @Option(help: ArgumentHelp(Localized.text("A note."), valueName: "text"))
    var note: String?

    @Option(
        help: ArgumentHelp(
            Localized.text("How likely `pick --weight` picks it, 1 to 1000 (default 1)."), valueName: "n"))
    var weight: String?

    @Option(
        help: ArgumentHelp(
            Localized.text(
                "A PNG, JPEG, GIF or WebP file; kitctl sends one of up to 700 KiB, kitd reads a bigger one (to 20 MiB) itself."
            ),
            valueName: "file"),
        completion: .file())
    var image: String?

    func checkedTags() throws -> [String] { try PlaceFilterOptions.checked(tags) }

    func checkedWeight() throws -> Int? {
        guard let weight else { return nil }
        do {
            return try PlaceValidation.weight(text: weight)
        } catch {
            throw CLIError.usage(error)
        }
    }

    /// The image as kitctl sends it: its bytes (base64) when it is at most 700 KiB, so kitd need
    /// not see the file (under systemd's private /tmp it cannot); a bigger one by absolute path,
    /// which kitd reads itself (up to 20 MiB).
    func imageUpload() throws -> (path: String?, data: String?) {
        guard let path = absoluteImagePath else { return (nil, nil) }
        guard let bytes = FileText.readBytes(path, limit: PlaceImageData.maximumBytes + 1) else {
            throw CLIError.usage(
                Localized.text("cannot read the image '%s': no such file, or no permission", image ?? path))
        }
        if bytes.count > PlaceImageData.maximumBytes { return (path, nil) }
        return (nil, Data(bytes).base64EncodedString())
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
