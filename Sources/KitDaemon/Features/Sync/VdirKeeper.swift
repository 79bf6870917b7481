import KitCore

/// A feature's side of reconciling its vdir collection (`VdirMirror.reconcile`): its items as kit
/// holds them, its rendering of one as a file, and how it takes in what a file says. Tasks, the
/// diary and memos each are one; the decisions are the mirror's, the same for all three.
protocol VdirKeeper: AnyObject {
    associatedtype Item

    /// Kit's item of this UID, nil when kit has none.
    func vdirItem(uid: String) throws -> Item?
    /// The item as kit writes its file.
    func vdirText(of item: Item) -> String
    /// What a conflict over the item is listed as.
    func vdirTitle(of item: Item) -> String
    /// What kit's item (`current`, nil for none) becomes when it takes in what a file says (`item`,
    /// made by the collection's reader): nothing is saved. A failure is a file kit cannot keep.
    func vdirTaking(_ item: VdirItem, into current: Item?) -> Result<Item, VdirUnreadable>
    /// Saves an item taken in from the file `name` (added when `current` is nil), and says so.
    func vdirSave(_ item: Item, replacing current: Item?, file name: String) throws
    /// Deletes an item whose file was deleted from outside, and says so.
    func vdirDelete(_ item: Item) throws
    /// Writes the item's file after the turn's commit (kit's change put into the file's text).
    func vdirKeep(_ item: Item)
}
