/// What a popup is about, typed by the feature that owns it (`TaskPopup.due(7)`).
///
/// `text` is its wire form (`task:7`): the key under which a newer popup replaces an older
/// one on screen, and the `subject` of the `notification.*` events. It is written by the
/// subject and never parsed back: a pressed button comes back as the typed subject itself.
protocol PopupSubject: Sendable {
    var text: String { get }
}
