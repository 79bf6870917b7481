import ArgumentParser
import KitLocalization

struct RamenFav: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fav", abstract: Localized.text("Keep favourites, in your own order."),
        subcommands: [
            OneCallCommand<RamenCalls.FavList>.self, OneCallCommand<RamenCalls.FavAdd>.self,
            OneCallCommand<RamenCalls.FavRemove>.self,
            RamenFavMove.self,
        ],
        aliases: ["favourite", "favourites", "favorite", "favorites"])
}
