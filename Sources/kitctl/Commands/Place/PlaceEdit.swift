import ArgumentParser
import KitCore
import KitLocalization
import KitProtocol

struct PlaceEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: Localized.text(
            "Change a place: rename it, add or remove tags, set fields ('' clears one), set its weight or image."),
        discussion: Localized.text("Example: kitctl place edit 칼국수 --tag kind=분식 --weight 3"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: OneRef<PlaceRefs>

    @Option(help: ArgumentHelp(Localized.text("A new name."), valueName: "name"))
    var name: String?

    @OptionGroup var fields: PlaceFieldOptions

    @Option(
        help: ArgumentHelp(
            Localized.text("Remove a tag (category=value) or a whole category; repeat it."), valueName: "tag"))
    var untag: [String] = []

    @Flag(help: ArgumentHelp(Localized.text("Drop the place's image.")))
    var noImage = false

    func run() throws {
        for pattern in untag {
            do {
                _ = try TagPattern.parse(pattern)
            } catch {
                throw CLIError.usage(error)
            }
        }
        if noImage && fields.image != nil {
            throw CLIError.usage(Localized.text("give either --image or --no-image, not both"))
        }
        let upload = try fields.imageUpload()
        let params = PlaceEditParams(
            ref: RecordRef(one.ref), name: name, tags: try fields.checkedTags(), untag: untag, url: fields.url,
            phone: fields.phone,
            address: fields.address, note: fields.note, weight: try fields.checkedWeight(),
            imagePath: upload.path, imageData: upload.data, removeImage: noImage ? true : nil)
        let place = try global.call(Method.placeEdit, params)
        if output.json { return try JSONOutput.print(place) }
        Terminal.writeLine(
            Localized.text("Changed place %1$s (%2$s)", "\(place.id)", place.name) + PlaceOutput.tagSuffix(place))
    }
}
