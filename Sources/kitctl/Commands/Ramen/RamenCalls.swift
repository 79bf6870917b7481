import ArgumentParser
import KitLocalization
import KitProtocol

/// The ramen commands that are one call and one answer: show, remove, hide, unhide, and fav
/// list, add and remove (`OneCallCommand`).
enum RamenCalls {
    protocol Call: OneCall where Arguments == RamenName, Params == RamenRefParams {}

    enum Show: Call {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text("Show one ramen: time, water, steps, memo."),
            discussion: Localized.text("Example: kitctl ramen show 너구리"))
        static let method = Method.ramenGet
        static func text(_ ramen: RamenInfo) -> String { RamenText.details(ramen) }
    }

    enum Remove: Call {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: Localized.text("Remove a ramen of your own (catalog ones can be hidden instead)."),
            discussion: Localized.text("Example: kitctl ramen remove 엄마표 라면"))
        static let method = Method.ramenRemove
        static func text(_ result: RamenRemoveResult) -> String { Localized.text("Removed %s", "\(result.removed)") }
    }

    enum Hide: Call {
        static let configuration = CommandConfiguration(
            commandName: "hide",
            abstract: Localized.text("Hide a catalog ramen from lists (kitctl ramen list --all still shows it)."),
            discussion: Localized.text("Example: kitctl ramen hide 안성탕면"))
        static let method = Method.ramenHide
        static func text(_ ramen: RamenInfo) -> String { Localized.text("%s is hidden", ramen.displayName) }
    }

    enum Unhide: Call {
        static let configuration = CommandConfiguration(
            commandName: "unhide", abstract: Localized.text("Show a hidden ramen again."),
            discussion: Localized.text("Example: kitctl ramen unhide 안성탕면"))
        static let method = Method.ramenUnhide
        static func text(_ ramen: RamenInfo) -> String { Localized.text("%s is shown again", ramen.displayName) }
    }

    /// `ramen fav list`: what `ramen list --favourites` shows, where people look for it.
    enum FavList: OneCall {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: Localized.text("List your favourites, in your order (as ramen list --favourites)."),
            discussion: Localized.text("Example: kitctl ramen fav list"))
        static let method = Method.ramenList
        static func params(_: NoArguments) -> RamenListParams { RamenListParams(favourites: true) }
        static func text(_ result: RamenListResult) -> String {
            result.ramen.isEmpty
                ? Localized.text("No favourites yet; add one with `kitctl ramen fav add NAME`.")
                : RamenText.table(result.ramen)
        }
    }

    enum FavAdd: Call {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: Localized.text("Add a favourite at the end."),
            discussion: Localized.text("Example: kitctl ramen fav add 짜파게티"))
        static let method = Method.ramenFavouriteAdd
        static func text(_ ramen: RamenInfo) -> String { "★\(ramen.favouritePosition ?? 0) \(ramen.displayName)" }
    }

    enum FavRemove: Call {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: Localized.text("Remove a favourite."),
            discussion: Localized.text("Example: kitctl ramen fav remove 짜파게티"))
        static let method = Method.ramenFavouriteRemove
        static func text(_ ramen: RamenInfo) -> String {
            Localized.text("%s is no longer a favourite", ramen.displayName)
        }
    }
}

extension RamenCalls.Call {
    static func params(_ name: RamenName) -> RamenRefParams { RamenRefParams(ref: name.text) }
}
