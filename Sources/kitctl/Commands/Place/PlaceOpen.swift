import ArgumentParser
import Glibc
import KitProtocol

struct PlaceOpen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open a place's link with xdg-open.")

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: ArgumentHelp("The place's id or name.", valueName: "ref"), completion: .custom(TagCompletion.names))
    var ref: String

    func run() throws {
        let place = try global.call(Method.placeGet, PlaceRefParams(ref: ref))
        guard let url = place.url else {
            throw CLIError.refused(
                "\(place.name) has no link; set one with `kitctl place edit \(place.id) --url https://…`")
        }
        let status: Int32
        do throws(ChildProcess.Failure) {
            status = try ChildProcess.run(["xdg-open", url])
        } catch {
            throw CLIError.usage(
                "cannot run xdg-open (\(error.reason)); install xdg-utils, or open \(url) yourself")
        }
        guard status == 0 else { throw CLIError.usage("xdg-open could not open \(url) (exit \(status))") }
        Terminal.writeLine("Opened \(url)")
    }
}
