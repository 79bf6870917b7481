import Foundation
import KitProtocol
import KitTestSupport
import Testing

extension Integration {
    /// kitd under systemd has a /tmp of its own (PrivateTmp=yes): kitctl sends an image's bytes,
    /// so a photo in the user's /tmp still arrives. Here kitd runs in a mount namespace where the
    /// photos' directory is an empty tmpfs, as it would be under PrivateTmp.
    @Suite("Place images sent by kitctl")
    struct PlaceImageUploadTests {
        @Test(
            "place add --image sends the bytes of a file kitd cannot see; one over 700 KiB goes by path and is refused there"
        )
        func imageBytes() throws {
            let (ok, why) = JournalTests.available()
            guard ok else {
                print("skipped: no mount namespace here (\(why)); run as root")
                return
            }
            let kit = try KitdHarness()
            defer { kit.tearDown() }
            let photos = try kit.root.subdirectory("photos")
            kit.launcher = [
                "/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
                "mount -t tmpfs tmpfs '\(photos)' && exec \"$0\" \"$@\"",
            ]
            try kit.startKitd()
            try PlaceTests.png("lunch").write(to: URL(fileURLWithPath: photos + "/lunch.png"))
            let place = try kit.kitctlJSON(
                ["place", "add", "noodle bar", "--image", photos + "/lunch.png"], as: PlaceInfo.self)
            let stored = try #require(place.imagePath)
            #expect(FileManager.default.contents(atPath: stored) == PlaceTests.png("lunch"))

            var big = PlaceTests.png("big")
            big.append(Data(repeating: 7, count: PlaceImageData.maximumBytes))
            try big.write(to: URL(fileURLWithPath: photos + "/big.png"))
            let refused = try kit.kitctl(["place", "edit", "noodle bar", "--image", photos + "/big.png"])
            #expect(refused.exitCode == 2, "\(refused)")
            #expect(refused.stderr.contains("cannot read the image '\(photos)/big.png'"), "\(refused.stderr)")

            let bad = try kit.connect()
            #expect(throws: (any Error).self) {
                _ = try bad.call(
                    Method.placeAdd, PlaceAddParams(name: "x", imageData: "not base64!"))
            }
        }
    }
}
