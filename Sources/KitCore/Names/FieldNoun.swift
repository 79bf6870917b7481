/// The nouns kit's refusals name a field by (`the timer name has 600 characters; …`), each
/// marked for translation: kitctl says a refusal from kitd in the user's language from its
/// template, and a noun filled into it is said in that language too (`타이머 이름이 600자입니다`),
/// where it was English (`timer name이(가)`). Only these words are translated, never a value
/// the person typed.
public enum FieldNoun {
    /// The noun in the user's language, or nil when `text` is none of kit's field nouns.
    public static func translated(_ text: String) -> String? {
        guard text.utf8.count <= 24, text.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A || $0 == 0x20 }) else {
            return nil
        }
        return nouns[text]
    }

    /// Read once, after kitctl has set up KitText's translator.
    private static let nouns: [String: String] = [
        "name": KitText.text("name"), "timer name": KitText.text("timer name"),
        "stopwatch name": KitText.text("stopwatch name"), "ramen name": KitText.text("ramen name"),
        "place name": KitText.text("place name"), "place": KitText.text("place"), "title": KitText.text("title"),
        "note": KitText.text("note"), "memo": KitText.text("memo"), "mood": KitText.text("mood"),
        "weather": KitText.text("weather"), "field key": KitText.text("field key"),
        "search": KitText.text("search"), "tags": KitText.text("tags"),
        "tags in the filter": KitText.text("tags in the filter"), "tags to remove": KitText.text("tags to remove"),
        "text of a step": KitText.text("text of a step"), "image path": KitText.text("image path"),
        "event patterns": KitText.text("event patterns"),
    ]
}
