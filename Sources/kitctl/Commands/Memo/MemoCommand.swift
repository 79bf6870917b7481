import ArgumentParser
import KitLocalization

struct MemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memo",
        abstract: Localized.text("Memos: free text whose first line is the title, full-text search, pins."),
        discussion: Localized.text(
            "REF is a memo's id (3 or #3) or its title. Text comes from the command line, else from stdin when it is not a terminal, else from $VISUAL or $EDITOR (vi when neither is set). Text that cannot be saved is kept in a recovery file under $XDG_DATA_HOME/kit/recovery."
        ),
        subcommands: [
            MemoAdd.self, MemoEdit.self, OneCallCommand<MemoCalls.List>.self, OneCallCommand<MemoCalls.Show>.self,
            OneCallCommand<MemoCalls.Search>.self,
            OneCallCommand<MemoCalls.Pin>.self, OneCallCommand<MemoCalls.Unpin>.self,
            NoteDeleteCommand<MemoCalls.Delete>.self,
        ],
        aliases: ["memos"])
}
