/// The nouns kit's refusals name a field by (`the timer name has 600 characters; …`), each
/// marked for translation: kitctl says a refusal from kitd in the user's language from its
/// template, and a noun filled into it is said in that language too (`타이머 이름이 600자입니다`),
/// where it was English (`timer name이(가)`). Only these words are translated, never a value
/// the person typed.
public enum FieldNoun {
    /// The noun as a message to translate, or nil when `text` is none of kit's field nouns.
    public static func message(_ text: String) -> KitMessage? {
        guard text.utf8.count <= 24, text.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A || $0 == 0x20 }) else {
            return nil
        }
        return nouns[text]
    }

    private static let nouns: [String: KitMessage] = Dictionary(
        uniqueKeysWithValues: [
            .message("name"), .message("timer name"), .message("stopwatch name"), .message("ramen name"),
            .message("place name"), .message("place"), .message("title"), .message("note"), .message("memo"),
            .message("mood"), .message("weather"), .message("field key"), .message("search"), .message("tags"),
            .message("tags in the filter"), .message("tags to remove"), .message("text of a step"),
            .message("image path"), .message("event patterns"),
        ].map { (message: KitMessage) in (message.english, message) })
}
