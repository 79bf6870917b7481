import Glibc

/// A failed system call, with the call's name and errno, described the way `strerror` does.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    public var operation: String
    public var code: Int32

    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// Captures the current errno.
    public static func last(_ operation: String) -> SystemError { SystemError(operation: operation, code: errno) }

    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}

/// Runs a system call, retrying on EINTR, and throws SystemError when it returns -1.
@discardableResult
func retryingEINTR<T: BinaryInteger>(_ operation: String, _ call: () -> T) throws(SystemError) -> T {
    while true {
        let result = call()
        if result != -1 { return result }
        if errno == EINTR { continue }
        throw SystemError.last(operation)
    }
}
