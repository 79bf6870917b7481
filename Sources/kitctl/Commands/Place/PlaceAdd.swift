import ArgumentParser
import KitLocalization
import KitProtocol

struct PlaceAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: Localized.text("Save a place with its tags, link, phone, address, note and image."),
        discussion: Localized.text("Example: kitctl place add 칼국수 --tag area=수원역 --tag kind=한식 --phone 031-123-4567"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(Localized.text("A unique name."), valueName: "name"))
    var name: String

    @OptionGroup var fields: PlaceFieldOptions

    func run() throws {
        let upload = try fields.imageUpload()
        let params = PlaceAddParams(
            name: name, tags: try fields.checkedTags(), url: fields.url, phone: fields.phone, address: fields.address,
            note: fields.note, weight: try fields.checkedWeight(), imagePath: upload.path, imageData: upload.data)
        let place = try global.call(Method.placeAdd, params)
        if output.json { return try JSONOutput.print(place) }
        Terminal.writeLine(
            Localized.text("Added place %1$s (%2$s)", "\(place.id)", place.name) + PlaceOutput.tagSuffix(place))
    }
}
