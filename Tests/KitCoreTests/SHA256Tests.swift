import Foundation
import KitCore
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    @Test("gives FIPS 180-4's digests of its examples, and of a million 'a's")
    func knownDigests() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("agrees with sha256sum at every length around a block's edges, and on a Data as on its bytes")
    func agreesWithCoreutils() throws {
        var generator = SystemRandomNumberGenerator()
        let lengths = [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 65_537]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var expected: [String: String] = [:]
        for length in lengths {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = directory.appendingPathComponent("\(length)")
            try Data(bytes).write(to: file)
            expected["\(length)"] = SHA256.hex(bytes)
            #expect(SHA256.hex(Data(bytes)) == SHA256.hex(bytes))
            #expect(SHA256.hex(bytes[...]) == SHA256.hex(bytes))
        }
        let sums = Process()
        sums.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        sums.currentDirectoryURL = directory
        sums.arguments = lengths.map(String.init)
        let output = Pipe()
        sums.standardOutput = output
        try sums.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sums.waitUntilExit()
        let lines = text.split(separator: "\n")
        #expect(lines.count == lengths.count)
        for line in lines {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(expected[String(fields[1])] == String(fields[0]), "\(line)")
        }
    }
}
