import ArgumentParser
import KitLocalization

struct PlaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place",
        abstract: Localized.text(
            "Restaurants and other places with category=value tags, and a roulette that picks one."),
        discussion: Localized.text(
            "REF is a place's id or its name (names are unique, matched without regard to case).\nFilters: --tag values of one category are OR-ed, categories are AND-ed, so `--tag area=수원역 --tag kind=한식 --tag kind=중식` means area 수원역 and kind 한식 or 중식."
        ),
        subcommands: [
            PlaceAdd.self, PlaceEdit.self, PlaceRemove.self, PlaceList.self, OneCallCommand<PlaceCalls.Show>.self,
            PlaceTags.self,
            PlacePick.self, OneCallCommand<PlaceCalls.Visited>.self, PlaceHistory.self, PlaceOpen.self,
            PlaceExport.self, PlaceImport.self,
        ],
        aliases: ["places"])
}
