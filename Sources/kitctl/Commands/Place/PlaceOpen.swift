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
        let place = try global.call(Method.placeGet, PlaceRefParams(ref: ref), as: PlaceInfo.self)
        guard let url = place.url else {
            throw CLIError.refused(
                "\(place.name) has no link; set one with `kitctl place edit \(place.id) --url https://…`")
        }
        var pid: pid_t = 0
        let arguments = ["xdg-open", url]
        var argv = arguments.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
        }
        let spawned = posix_spawnp(&pid, "xdg-open", nil, nil, &argv, environ)
        guard spawned == 0 else {
            throw CLIError.usage(
                "cannot run xdg-open (\(String(cString: strerror(spawned)))); install xdg-utils, or open \(url) yourself"
            )
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            throw CLIError.usage("xdg-open could not open \(url) (exit \(exited ? code : 128 + (status & 0x7f)))")
        }
        Terminal.writeLine("Opened \(url)")
    }
}
