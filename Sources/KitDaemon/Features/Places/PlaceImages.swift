import Foundation
import KitCore

/// The place images kitd keeps: `<data dir>/images/<sha256>.<ext>`, one file per distinct
/// content, so two images can never collide and a shared one is stored once.
///
/// A file is written to a temporary name and renamed into place, so a reader never sees half an
/// image. Files are removed only by `remove(_:)` and `sweep(keeping:)`, which the place service
/// calls once no stored place refers to them.
struct PlaceImages {
    let directory: String

    init(dataDirectory: String) {
        directory = dataDirectory + "/images"
    }

    /// The file behind a reference, or nil for a reference that is not one of ours.
    func path(for reference: String) -> String? {
        guard Self.isReference(reference) else { return nil }
        return directory + "/" + reference
    }

    /// Copies an image file in and returns its reference. Refuses a file that is missing,
    /// unreadable, empty, over 20 MiB, or not a PNG, JPEG, GIF or WebP.
    func store(copying source: String) throws -> String {
        guard source.hasPrefix("/") else {
            throw KitError.invalidArgument("the image path '\(source)' is not absolute; give the full path")
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: source)
        } catch {
            throw KitError.invalidArgument("cannot read the image '\(source)': no such file, or no permission")
        }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            throw KitError.invalidArgument("the image '\(source)' is not a regular file; choose an image file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if size > ImageKind.maximumByteCount {
            _ = try ImageKind.check(prefix: [UInt8](), byteCount: size)
        }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw KitError.invalidArgument("cannot read the image '\(source)'; check its permissions")
        }
        return try store(bytes: data)
    }

    /// Stores an image's bytes and returns its reference. Refuses an empty image, one over 20 MiB,
    /// or one that is not a PNG, JPEG, GIF or WebP.
    func store(bytes data: Data) throws -> String {
        let kind = try ImageKind.check(prefix: data.prefix(ImageKind.prefixLength), byteCount: data.count)
        let digest = SHA256.hex(data)
        let reference = "\(digest).\(kind.fileExtension)"
        let target = directory + "/" + reference
        if FileManager.default.fileExists(atPath: target) { return reference }
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory + "/.incoming-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        else {
            throw KitError.invalidArgument("cannot write the image into \(directory); check the disk and permissions")
        }
        guard rename(temporary, target) == 0 else {
            unlink(temporary)
            throw KitError.invalidArgument("cannot store the image in \(directory); check the disk and permissions")
        }
        return reference
    }

    /// Deletes one image file; a missing file is not an error.
    @discardableResult
    func remove(_ reference: String) -> Bool {
        guard let path = path(for: reference) else { return false }
        return unlink(path) == 0
    }

    /// Deletes image files no place refers to, and temporary files a crash left behind; returns
    /// how many went.
    @discardableResult
    func sweep(keeping references: Set<String>) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var removed = 0
        for name in names where !references.contains(name) && (Self.isReference(name) || name.hasPrefix(".incoming-")) {
            if unlink(directory + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }

    /// 64 lowercase hex digits, a dot, and one of the known extensions.
    static func isReference(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 64,
            parts[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
            ImageKind.allCases.contains(where: { $0.fileExtension == parts[1] })
        else { return false }
        return true
    }
}
