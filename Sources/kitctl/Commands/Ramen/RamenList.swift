import ArgumentParser
import KitClient
import KitLocalization
import KitProtocol

struct RamenList: ParsableCommand {
    /// `; did you mean 신라면 (Shin Ramyun)?`: the names kitd suggests when `ramen show` would not
    /// find the text (its error's `suggestions`), or nothing.
    static func didYouMean(_ text: String, global: GlobalOptions) -> String {
        guard let connection = try? global.connect() else { return "" }
        do throws(ClientError) {
            _ = try connection.call(Method.ramenGet, RamenRefParams(ref: text))
        } catch {
            if case .refused(let rpc) = error, let names = rpc.data?.suggestions, !names.isEmpty {
                return "; did you mean \(names.joined(separator: " or "))?"
            }
        }
        return ""
    }

    static let configuration = CommandConfiguration(
        commandName: "list", abstract: Localized.text("List ramen, favourites first; with QUERY, the ones that match."),
        discussion: Localized.text("Example: kitctl ramen list 진라면"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(Localized.text("Search text: 신라, ㅅㄹㅁ, shin, nongshim …"), valueName: "query"))
    var query: [String] = []

    @Flag(
        name: [.customLong("favourites"), .customLong("favorites"), .customShort("f")],
        help: ArgumentHelp(Localized.text("Only favourites.")))
    var favourites = false

    @Option(help: ArgumentHelp(Localized.text("name (favourites first), recent or most (cooked)."), valueName: "order"))
    var sort: String?

    @Flag(help: ArgumentHelp(Localized.text("Include hidden ramen.")))
    var all = false

    func validate() throws {
        if let sort, !["name", "recent", "most"].contains(sort) {
            throw ValidationError(Localized.text("unknown sort '%s'; use name, recent or most", sort))
        }
    }

    func run() throws {
        let params = RamenListParams(
            query: query.isEmpty ? nil : query.joined(separator: " "), favourites: favourites, sort: sort, hidden: all)
        let result = try global.call(Method.ramenList, params)
        if output.json { return try JSONOutput.print(result) }
        guard !result.ramen.isEmpty else {
            guard !query.isEmpty else { return Terminal.writeLine(Localized.text("No ramen yet.")) }
            let text = query.joined(separator: " ")
            let hint = Self.didYouMean(text, global: global)
            Terminal.writeLine(Localized.text("No ramen matches '%s'", text) + (hint.isEmpty ? "." : hint))
            return
        }
        Terminal.writeLine(RamenText.table(result.ramen))
    }
}
