import Foundation
import KitCore
import Testing

@Suite("Checking the fields of a place")
struct PlaceValidationTests {
    @Test("a URL without a scheme gets a message suggesting https://")
    func urlWithoutScheme() {
        let error = #expect(throws: KitError.self) { try PlaceValidation.url("naver.me/5abc") }
        #expect(error?.message == "the URL 'naver.me/5abc' has no scheme; write it as 'https://naver.me/5abc'")
        #expect(throws: KitError.self) { try PlaceValidation.url("www.example.com:8080/x") }
        #expect(throws: KitError.self) { try PlaceValidation.url("https:/example.com") }
        #expect(throws: KitError.self) { try PlaceValidation.url("https://exa mple.com") }
        #expect(throws: KitError.self) { try PlaceValidation.url("mailto:") }
    }

    @Test("URLs with a scheme are kept as typed, trimmed")
    func urlsWithScheme() throws {
        #expect(try PlaceValidation.url(" https://map.naver.com/p/1 ") == "https://map.naver.com/p/1")
        #expect(try PlaceValidation.url("HTTP://example.com") == "HTTP://example.com")
        #expect(try PlaceValidation.url("geo:37.2665,127.0001") == "geo:37.2665,127.0001")
        #expect(try PlaceValidation.url("  ") == nil)
        #expect(try PlaceValidation.url(nil) == nil)
    }

    @Test("a phone number may have digits, spaces and + - ( )")
    func phones() throws {
        #expect(try PlaceValidation.phone(" +82 (31) 123-4567 ") == "+82 (31) 123-4567")
        #expect(throws: KitError.self) { try PlaceValidation.phone("031.123.4567") }
        #expect(throws: KitError.self) { try PlaceValidation.phone("--") }
        #expect(throws: KitError.self) { try PlaceValidation.phone("０３１") }
    }

    @Test("weights are whole numbers from 1 to 1000")
    func weights() throws {
        #expect(try PlaceValidation.weight(text: " ") == 1)
        #expect(try PlaceValidation.weight(text: "1000") == 1000)
        for bad in ["0", "1001", "-1", "2.5", "abc", "99999999999999999999"] {
            #expect(throws: KitError.self) { try PlaceValidation.weight(text: bad) }
        }
    }

    @Test("image kinds are told by their magic numbers")
    func imageKinds() throws {
        #expect(ImageKind.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]) == .png)
        #expect(ImageKind.detect([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageKind.detect(Array("GIF89a..".utf8)) == .gif)
        #expect(ImageKind.detect(Array("GIF87a".utf8)) == .gif)
        #expect(ImageKind.detect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageKind.detect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
        #expect(ImageKind.detect([0x89, 0x50]) == nil)
        #expect(ImageKind.detect([]) == nil)
        #expect(ImageKind.webp.mimeType == "image/webp" && ImageKind.jpeg.fileExtension == "jpg")
    }

    @Test("images over 20 MiB, empty or of another kind are refused")
    func imageLimits() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(try ImageKind.check(prefix: png, byteCount: ImageKind.maximumByteCount) == .png)
        let large = #expect(throws: KitError.self) {
            try ImageKind.check(prefix: png, byteCount: ImageKind.maximumByteCount + 1)
        }
        #expect(large?.message.hasPrefix("the image is 20.1 MiB; the limit is 20 MiB") == true)
        #expect(throws: KitError.self) { try ImageKind.check(prefix: png, byteCount: .max) }
        #expect(throws: KitError.self) { try ImageKind.check(prefix: png, byteCount: 0) }
        #expect(throws: KitError.self) { try ImageKind.check(prefix: Array("%PDF".utf8), byteCount: 10) }
    }

    @Test("places encode to JSON with stable field names and decode back")
    func json() throws {
        let place = Place(
            id: 7, name: "국밥", tags: try TagSet.parseList("Area=수원역;kind=한식"), url: "https://example.com",
            weight: 2, image: "sha256-abc")
        let data = try JSONEncoder().encode(place)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["id", "name", "tags", "url", "weight", "image"])
        let tags = object?["tags"] as? [[String: String]]
        #expect(tags?.first == ["category": "Area", "value": "수원역"])
        let decoded = try JSONDecoder().decode(Place.self, from: data)
        #expect(decoded == place && decoded.tags.listText == "Area=수원역;kind=한식")
    }

    @Test("a draft decoded from JSON gets defaults and is checked")
    func draftJSON() throws {
        let draft = try JSONDecoder().decode(PlaceDraft.self, from: Data(#"{"name":" 국밥 "}"#.utf8))
        #expect(draft == PlaceDraft(name: "국밥") && draft.weight == 1 && draft.tags.isEmpty)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PlaceDraft.self, from: Data(#"{"name":"x","url":"example.com"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PlaceTag.self, from: Data(#"{"category":"a","value":" "}"#.utf8))
        }
    }
}
