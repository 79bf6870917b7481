import ArgumentParser
import KitLocalization

struct RamenFav: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fav", abstract: Localized.text("Keep favourites, in your own order."),
        subcommands: [RamenFavList.self, RamenFavAdd.self, RamenFavRemove.self, RamenFavMove.self],
        aliases: ["favourite", "favourites", "favorite", "favorites"])
}
