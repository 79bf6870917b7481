import Foundation
import KitCore

/// Reads places from JSON for `place.import`: a list of objects (what `kitctl place export
/// --json` writes), or an object with a `places` list (what `kitctl place list --json` prints).
///
/// Each object has `name` and optionally `tags` (a list of `{"category", "value"}` objects or
/// `"category=value"` strings), `url`, `phone`, `address`, `note`, `weight`. Other keys (`id`,
/// `image`, …) are ignored: ids are given anew and images are not carried by a file. Every item
/// is checked, so that the report lists every bad one.
enum PlaceJSONImport {
    static func read(_ text: String, existing: [PlaceDraft]) throws -> PlaceImportReport {
        let data = Data(text.utf8)
        let decoder = JSONDecoder()
        let items: [Item]
        if let list = try? decoder.decode([Item].self, from: data) {
            items = list
        } else if let wrapped = try? decoder.decode(Wrapped.self, from: data) {
            items = wrapped.places
        } else if (try? JSONSerialization.jsonObject(with: data)) == nil {
            throw KitError.invalidArgument(
                "nothing was imported: the file is not valid JSON; fix the file and import it again")
        } else {
            throw KitError.invalidArgument(
                "nothing was imported: the JSON is neither a list of places nor an object with a \"places\" list")
        }
        return PlaceImportReport(checkingItems: items.map(\.result), existing: existing)
    }

    private struct Wrapped: Decodable {
        var places: [Item]
    }

    /// One list item: a draft, or why it is not one. Never fails to decode, so one bad item
    /// does not hide the others.
    private struct Item: Decodable {
        let result: Result<PlaceDraft, KitError>

        private enum Keys: String, CodingKey {
            case name, tags, url, phone, address, note, weight
        }

        init(from decoder: any Decoder) {
            do {
                result = .success(try Self.draft(from: decoder))
            } catch let error as KitError {
                result = .failure(error)
            } catch DecodingError.keyNotFound(let key, _) {
                result = .failure(.invalidArgument("there is no \"\(key.stringValue)\""))
            } catch DecodingError.typeMismatch(_, let context) {
                let key = context.codingPath.last?.stringValue ?? "the item"
                result = .failure(.invalidArgument("\"\(key)\" has the wrong type: \(context.debugDescription)"))
            } catch {
                result = .failure(.invalidArgument("not a place object; each place is {\"name\": …, \"tags\": […]}"))
            }
        }

        private static func draft(from decoder: any Decoder) throws -> PlaceDraft {
            let container = try decoder.container(keyedBy: Keys.self)
            var tags = TagSet()
            for tag in try container.decodeIfPresent([TagItem].self, forKey: .tags) ?? [] {
                tags.insert(try tag.tag())
            }
            return PlaceDraft(
                name: try container.decode(String.self, forKey: .name), tags: tags,
                url: try container.decodeIfPresent(String.self, forKey: .url),
                phone: try container.decodeIfPresent(String.self, forKey: .phone),
                address: try container.decodeIfPresent(String.self, forKey: .address),
                note: try container.decodeIfPresent(String.self, forKey: .note),
                weight: try container.decodeIfPresent(Int.self, forKey: .weight) ?? 1)
        }
    }

    /// `"area=수원역"` or `{"category": "area", "value": "수원역"}`.
    private enum TagItem: Decodable {
        case text(String)
        case parts(category: String, value: String)

        private enum Keys: String, CodingKey {
            case category, value
        }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self = .text(text)
                return
            }
            let container = try decoder.container(keyedBy: Keys.self)
            self = .parts(
                category: try container.decode(String.self, forKey: .category),
                value: try container.decode(String.self, forKey: .value))
        }

        func tag() throws(KitError) -> PlaceTag {
            switch self {
            case .text(let text): try PlaceTag.parse(text)
            case .parts(let category, let value): try PlaceTag(category: category, value: value)
            }
        }
    }
}
