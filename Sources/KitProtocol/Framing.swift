/// Splits a byte stream into lines of at most `maximumLineLength` bytes (newline excluded).
/// A trailing `\r` is dropped, so `\r\n` works too.
public struct LineFramer: Sendable {
    /// 1 MiB: the longest request line kit reads.
    public static let defaultMaximum = 1 << 20

    public enum Frame: Equatable, Sendable {
        case line([UInt8])
        /// More than the maximum arrived without a newline. The stream cannot be resynchronised.
        case tooLong
    }

    public let maximumLineLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0

    public init(maximumLineLength: Int = LineFramer.defaultMaximum) {
        self.maximumLineLength = maximumLineLength
    }

    public var bufferedCount: Int { buffer.count - start }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// At end of input: what is left after the last newline, if anything (a client that wrote
    /// its last request without a newline and closed).
    public mutating func takeRemainder() -> [UInt8]? {
        guard bufferedCount > 0, bufferedCount <= maximumLineLength else { return nil }
        var rest = Array(buffer[start...])
        if rest.last == 13 { rest.removeLast() }
        start = buffer.count
        scanned = start
        return rest
    }

    /// The next complete line, `.tooLong`, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        var index = max(scanned, start)
        let limit = buffer.count
        while index < limit {
            if buffer[index] == 10 {
                var end = index
                if end > start && buffer[end - 1] == 13 { end -= 1 }
                if end - start > maximumLineLength { return .tooLong }
                let line = Array(buffer[start..<end])
                start = index + 1
                scanned = start
                return .line(line)
            }
            index += 1
        }
        scanned = index
        if limit - start > maximumLineLength + 1 { return .tooLong }
        return nil
    }
}
