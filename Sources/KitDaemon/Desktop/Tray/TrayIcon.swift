/// kit's icon as pixels, for hosts that do not look icons up by name (`IconPixmap`): a clock face
/// drawn at 22 and 44 pixels, ARGB32 in network byte order, as StatusNotifierItem wants.
enum TrayIcon {
    struct Pixmap {
        var size: Int32
        var argb: [UInt8]

        var busValue: BusValue { .structure([.int32(size), .int32(size), .bytes(argb)]) }
    }

    static let pixmaps: [Pixmap] = [draw(size: 22), draw(size: 44)]

    /// A round face in kit's orange, with a ring and two hands (ten past ten), antialiased by
    /// 4×4 samples a pixel.
    static func draw(size: Int) -> Pixmap {
        let center = Double(size) / 2
        let radius = center - 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size * size * 4)
        for row in 0..<size {
            for column in 0..<size {
                var face = 0
                var ink = 0
                for sample in 0..<16 {
                    let x = Double(column) + (Double(sample % 4) + 0.5) / 4 - center
                    let y = Double(row) + (Double(sample / 4) + 0.5) / 4 - center
                    let distance = (x * x + y * y).squareRoot()
                    guard distance <= radius else { continue }
                    face += 1
                    if distance >= radius * 0.82 || onHand(x, y, radius) { ink += 1 }
                }
                let alpha = UInt8(face * 255 / 16)
                // Orange face (#F08A24), dark ink (#3A2A1A), by how much of the pixel each covers.
                let share = face == 0 ? 0 : Double(ink) / Double(face)
                func mix(_ faceColour: Double, _ inkColour: Double) -> UInt8 {
                    UInt8(faceColour * (1 - share) + inkColour * share)
                }
                bytes += [alpha, mix(0xF0, 0x3A), mix(0x8A, 0x2A), mix(0x24, 0x1A)]
            }
        }
        return Pixmap(size: Int32(size), argb: bytes)
    }

    /// The hour hand toward ten, the minute hand toward two.
    private static func onHand(_ x: Double, _ y: Double, _ radius: Double) -> Bool {
        func near(_ dx: Double, _ dy: Double, length: Double) -> Bool {
            let along = x * dx + y * dy
            guard along >= 0, along <= length else { return false }
            let across = abs(x * dy - y * dx)
            return across <= radius * 0.09
        }
        let hour = (-0.866, -0.5)
        let minute = (0.866, -0.5)
        return near(hour.0, hour.1, length: radius * 0.5) || near(minute.0, minute.1, length: radius * 0.72)
    }
}
