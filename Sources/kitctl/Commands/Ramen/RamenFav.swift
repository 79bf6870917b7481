import ArgumentParser

struct RamenFav: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fav", abstract: "Keep favourites, in your own order.",
        subcommands: [RamenFavAdd.self, RamenFavRemove.self, RamenFavMove.self])
}
