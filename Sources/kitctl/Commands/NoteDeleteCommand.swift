import ArgumentParser
import KitLocalization
import KitProtocol

/// What `memo delete` and `diary delete` declare: their help, how a note is looked up and
/// deleted, and how the question names it.
protocol NoteDeletion {
    associatedtype Refs: TitleRefKind
    associatedtype Note: WireValue, Identifiable where Note.ID == Int64

    static var configuration: CommandConfiguration { get }
    static var lookUp: RPCMethod<RefParams, Note> { get }
    static var delete: RPCMethod<RefParams, DeleteResult> { get }
    /// How the question names the note: "memo 4 (장보기)".
    static func label(_ note: Note) -> String
    /// What is printed without `--json`: "Deleted memo 4".
    static func deleted(_ result: DeleteResult) -> String
}

/// `memo delete` and `diary delete`: each REF's note is looked up and named in a question (asked
/// on a terminal, `--yes` otherwise), then deleted by its id, so that what is deleted is what
/// the person was asked about. Several ids are each done in turn (`ManyRefs`).
struct NoteDeleteCommand<Deletion: NoteDeletion>: ParsableCommand {
    static var configuration: CommandConfiguration { Deletion.configuration }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var one: TitleRefs<Deletion.Refs>

    @Flag(name: [.short, .long], help: ArgumentHelp(Localized.text("Delete without asking.")))
    var yes = false

    func run() throws {
        try ManyRefs.each(one.refs) { ref in
            let note = try global.call(Deletion.lookUp, RefParams(ref: ref))
            let label = Deletion.label(note)
            try Confirmation.require(Localized.text("Delete %s?", label), yes: yes, what: label)
            try output.show(try global.call(Deletion.delete, RefParams(ref: String(note.id))), Deletion.deleted)
        }
    }
}
