import ArgumentParser
import Glibc
import KitLocalization
import KitProtocol

struct PlaceOpen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: Localized.text("Open a place's link with xdg-open."),
        discussion: Localized.text("Example: kitctl place open 칼국수"))

    @OptionGroup var global: GlobalOptions

    @OptionGroup var one: OneRef<PlaceRefs>

    func run() throws {
        let place = try global.call(Method.placeGet, RefParams(ref: one.ref))
        guard let url = place.url else {
            throw CLIError.refused(
                "\(place.name) has no link; set one with `kitctl place edit \(place.id) --url https://…`")
        }
        let status: Int32
        do throws(ChildProcess.Failure) {
            status = try ChildProcess.run(["xdg-open", url])
        } catch {
            throw CLIError.usage(
                Localized.text(
                    "cannot run xdg-open (%1$s); install xdg-utils, or open %2$s yourself", "\(error.reason)", url))
        }
        guard status == 0 else {
            throw CLIError.usage(Localized.text("xdg-open could not open %1$s (exit %2$s)", url, "\(status)"))
        }
        Terminal.writeLine(Localized.text("Opened %s", url))
    }
}
