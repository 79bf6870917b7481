/// JSON-RPC error codes: the standard ones and kit's own (-32001...-32099 is the
/// implementation-defined server error range). Documented in docs/protocol.md.
public enum ErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603

    /// The referenced timer (or other record) does not exist.
    public static let notFound = -32001
    /// The record exists but its state does not allow the request (pausing a fired timer).
    public static let invalidState = -32002
    /// A value is well-typed but not acceptable (zero seconds, an empty name).
    public static let invalidArgument = -32003
    /// A name matches several records; `data.candidates` lists them.
    public static let ambiguous = -32004
    /// A request line is longer than the 1 MiB limit; the connection is closed after this error.
    public static let requestTooLarge = -32005
    /// The change could not be saved to the database; nothing was changed.
    public static let storageFailure = -32006
}
