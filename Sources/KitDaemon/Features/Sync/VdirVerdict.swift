import KitCore

/// What becomes of a memo's or diary entry's file changed from outside, weighed against kit's
/// item of its UID. Tasks weigh `SEQUENCE` too (TaskFeature+Vdir); journals have only times.
enum VdirVerdict: Equatable {
    /// kit has no item of that UID: the file's becomes one.
    case add
    /// The file says what kit's item says: nothing to do.
    case same
    /// The file's version is the later: it replaces kit's. With `conflict`, kit's had changed
    /// too and is kept as the losing version.
    case takeFile(conflict: Bool)
    /// Kit's version is the later (or as late): it stays, and goes back to the file as a new
    /// revision; the file's is kept as the losing version.
    case keepKit

    /// `kitModified`: when kit's item last changed (nil: there is none); `same`: whether the
    /// file says what kit's item says; `fileModified`: the file's `LAST-MODIFIED` (else its
    /// `DTSTAMP`); `kitChangedToo`: whether kit's version may not have reached the other side.
    init(kitModified: WallTime?, same: Bool, fileModified: WallTime?, kitChangedToo: Bool) {
        guard let kitModified else {
            self = .add
            return
        }
        if same {
            self = .same
        } else if let fileModified, fileModified > kitModified {
            self = .takeFile(conflict: kitChangedToo)
        } else {
            self = .keepKit
        }
    }
}
