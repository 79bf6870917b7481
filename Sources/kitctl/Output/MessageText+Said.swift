import KitLocalization
import KitProtocol

extension MessageText {
    /// The message in the user's language: its template looked up in kit's catalog, and each
    /// value that is a message itself said the same way first. Without a template, kitd's English.
    var said: String {
        guard let format else { return text }
        var values = arguments ?? []
        if let parts {
            for (index, part) in parts.enumerated() where values.indices.contains(index) {
                if let part { values[index] = part.said }
            }
        }
        return Localized.lookUp(format, values)
    }
}
