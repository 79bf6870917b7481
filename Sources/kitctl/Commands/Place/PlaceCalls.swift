import ArgumentParser
import KitLocalization
import KitProtocol

/// The place commands that are one call on one REF: show and visited (`OneCallCommand`).
enum PlaceCalls {
    protocol Call: OneCall where Arguments == OneRef<PlaceRefs>, Params == RefParams {}

    enum Show: Call {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text("Show one place."),
            discussion: Localized.text("Example: kitctl place show 칼국수"))
        static let method = Method.placeGet
        static func text(_ place: PlaceInfo) -> String { PlaceOutput.details(place) }
    }

    enum Visited: Call {
        static let configuration = CommandConfiguration(
            commandName: "visited",
            abstract: Localized.text("Record that you went to a place (pick --avoid-recent counts visits)."),
            discussion: Localized.text("Example: kitctl place visited 칼국수"))
        static let method = Method.placeVisited
        static func text(_ entry: PlaceHistoryInfo) -> String {
            Localized.text("Recorded a visit to %s", entry.placeName)
        }
    }
}

extension PlaceCalls.Call {
    static func params(_ one: OneRef<PlaceRefs>) -> RefParams { RefParams(ref: one.ref) }
}
