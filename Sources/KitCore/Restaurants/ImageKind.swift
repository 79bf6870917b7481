/// The image formats a place's picture may have, recognised by their first bytes.
public enum ImageKind: String, Hashable, Sendable, Codable, CaseIterable {
    case png, jpeg, gif, webp

    /// The largest image accepted: 20 MiB (20 × 1024 × 1024 bytes).
    public static let maximumByteCount = 20 * 1024 * 1024

    /// How many leading bytes `detect` needs to tell every kind apart.
    public static let prefixLength = 12

    /// The kind whose magic number starts `prefix`, or nil. Pass at least `prefixLength` bytes.
    ///
    /// PNG `89 50 4E 47 0D 0A 1A 0A`; JPEG `FF D8 FF`; GIF `GIF87a` or `GIF89a`;
    /// WebP `RIFF`, four size bytes, `WEBP`.
    public static func detect(_ prefix: some Sequence<UInt8>) -> ImageKind? {
        let bytes = Array(prefix.prefix(prefixLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        return nil
    }

    /// The kind of an image file, or a message: too large, empty, or not one of the kinds.
    public static func check(prefix: some Sequence<UInt8>, byteCount: Int) throws(KitError) -> ImageKind {
        guard byteCount > 0 else { throw .invalidArgument("the image file is empty; choose a PNG, JPEG, GIF or WebP") }
        guard byteCount <= maximumByteCount else {
            throw .invalidArgument(
                "the image is \(megabytes(byteCount)) MiB; the limit is 20 MiB, so shrink or recompress it first")
        }
        guard let kind = detect(prefix) else {
            throw .invalidArgument("the image is not a PNG, JPEG, GIF or WebP file; convert it to one of those")
        }
        return kind
    }

    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }

    public var fileExtension: String { rawValue == "jpeg" ? "jpg" : rawValue }

    /// One decimal, rounded up so that an image just over the limit never shows as 20.0.
    private static func megabytes(_ bytes: Int) -> String {
        let mebibyte = 1024 * 1024
        var whole = bytes / mebibyte
        var tenths = (bytes % mebibyte * 10 + mebibyte - 1) / mebibyte
        if tenths == 10 {
            whole += 1
            tenths = 0
        }
        return "\(whole).\(tenths)"
    }
}
