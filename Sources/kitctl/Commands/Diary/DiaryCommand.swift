import ArgumentParser
import KitLocalization

struct DiaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diary",
        abstract: Localized.text(
            "A diary: dated entries with weather, mood, place and fields, search, on-this-day and export."),
        discussion: Localized.text(
            "REF is an entry's id (3 or #3), a date (2026-11-20, today, yesterday: that day's latest entry) or a title (the latest entry with it). Text comes from -m, else from stdin when it is not a terminal, else from $VISUAL or $EDITOR (vi when neither is set). Text that cannot be saved is kept in a recovery file under $XDG_DATA_HOME/kit/recovery."
        ),
        subcommands: [
            DiaryWrite.self, DiaryEdit.self, DiaryList.self, OneCallCommand<DiaryCalls.Show>.self,
            OneCallCommand<DiaryCalls.Search>.self, DiaryOnThisDay.self,
            DiaryExport.self, DiaryShare.self, NoteDeleteCommand<DiaryCalls.Delete>.self,
        ])
}
