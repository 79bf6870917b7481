/// SHA-256 (FIPS 180-4), for the two names kit gives bytes: a place image's file name and a vdir
/// file's entry in the sync ledger. kit needs no other cryptography, and swift-crypto (BoringSSL)
/// cost every clean debug build about 110 CPU-seconds, and the package's release build its own,
/// for these two calls.
/// It hashes about 240 MiB/s in a release build (`kit-bench sha256`), as fast as coreutils'
/// sha256sum and a seventh of BoringSSL's SHA-NI: a vdir of 5,000 2-KiB files takes about 45 ms,
/// a 20 MiB image about 85 ms, both on kitd's background worker, not its event loop.
public enum SHA256 {
    /// The digest of `bytes`, 32 bytes.
    public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let message = bytes.withContiguousStorageIfAvailable { digest(of: $0) }
        return message ?? Array(bytes).withUnsafeBufferPointer { digest(of: $0) }
    }

    /// The digest of `bytes` in lowercase hex, 64 characters.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest(bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private static func digest(of message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var state = State()
        let whole = message.count / 64 * 64
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            roundConstants.withUnsafeBufferPointer { constants in
                var offset = 0
                while offset < whole {
                    state.compress(
                        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: message[offset..<offset + 64])), schedule,
                        constants)
                    offset += 64
                }
                // The padding: 0x80, zeros, and the length in bits, big-endian, to a multiple of 64 bytes.
                var tail = Array(message[whole...])
                tail.append(0x80)
                while tail.count % 64 != 56 { tail.append(0) }
                let bits = UInt64(message.count) &* 8
                for shift in stride(from: 56, through: 0, by: -8) {
                    tail.append(UInt8(truncatingIfNeeded: bits >> shift))
                }
                tail.withUnsafeBytes { tail in
                    for start in stride(from: 0, to: tail.count, by: 64) {
                        state.compress(UnsafeRawBufferPointer(rebasing: tail[start..<start + 64]), schedule, constants)
                    }
                }
            }
        }
        return state.bytes
    }

    /// The eight working words, carried from block to block.
    private struct State {
        var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372, h3: UInt32 = 0xa54f_f53a
        var h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c, h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19

        var bytes: [UInt8] {
            [h0, h1, h2, h3, h4, h5, h6, h7].flatMap { word in
                (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
            }
        }

        mutating func compress(
            _ block: UnsafeRawBufferPointer, _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>
        ) {
            for t in 0..<16 { w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self)) }
            for t in 16..<64 {
                let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
            for t in 0..<64 {
                let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let first = h &+ s1 &+ choice &+ k[t] &+ w[t]
                let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                (h, g, f, e) = (g, f, e, d &+ first)
                (d, c, b, a) = (c, b, a, first &+ s0 &+ majority)
            }
            h0 &+= a
            h1 &+= b
            h2 &+= c
            h3 &+= d
            h4 &+= e
            h5 &+= f
            h6 &+= g
            h7 &+= h
        }
    }

    @inline(__always)
    private static func rotate(_ word: UInt32, _ count: UInt32) -> UInt32 {
        word >> count | word << (32 - count)
    }
}
