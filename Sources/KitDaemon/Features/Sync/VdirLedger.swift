import KitStore
import Synchronization

/// The files of one vdir collection as kitd last wrote or read them: each name's UID and the
/// hash of its bytes. A file whose bytes hash otherwise was changed from outside; a UID's file is
/// the one the ledger names for it (another program may have named it), so kitd never writes a
/// second file for one UID.
///
/// Only jobs on the background worker read and change it, one at a time; the lock is for the
/// type system, and is never contended. The database keeps a copy (`VdirStore`), which the loop
/// writes from what each job reports.
final class VdirLedger: Sendable {
    private struct State {
        var byName: [String: VdirStore.File] = [:]
        var nameByUID: [String: String] = [:]
    }

    private let state: Mutex<State>

    init(_ files: [String: VdirStore.File]) {
        var state = State()
        state.byName = files
        for (name, file) in files where !file.uid.isEmpty { state.nameByUID[file.uid] = name }
        self.state = Mutex(state)
    }

    func file(named name: String) -> VdirStore.File? { state.withLock { $0.byName[name] } }

    /// The name of the file that holds `uid`, if the ledger knows one.
    func name(of uid: String) -> String? { state.withLock { $0.nameByUID[uid] } }

    var names: [String] { state.withLock { Array($0.byName.keys) } }

    /// Records a file as written or read (nil: gone).
    func record(_ name: String, _ file: VdirStore.File?) {
        state.withLock { state in
            if let old = state.byName[name], !old.uid.isEmpty, state.nameByUID[old.uid] == name {
                state.nameByUID[old.uid] = nil
            }
            state.byName[name] = file
            if let file, !file.uid.isEmpty { state.nameByUID[file.uid] = name }
        }
    }
}
