import KitCore
import KitProtocol

/// Why a client call failed, in words kitctl can print as they are.
public enum ClientError: Error, CustomStringConvertible {
    /// Nothing listens at the socket.
    case notRunning(socket: String, reason: String)
    /// kitd closed the connection or died mid-call.
    case connectionLost
    case timedOut
    /// kitd sent something that is not a reply kitctl understands.
    case malformedReply(String)
    /// kitd refused the request.
    case refused(RPCError)
    /// The request could not be encoded or sent.
    case requestFailed(String)

    public var description: String {
        switch self {
        case .notRunning(let socket, let reason):
            return KitText.text(
                "kitd is not running (%1$s at %2$s); start it with `systemctl --user start kitd.socket` or run `kitd`",
                reason, socket)
        case .connectionLost: return KitText.text("lost the connection to kitd; is it still running? (`kitctl status`)")
        case .timedOut: return KitText.text("kitd did not answer in time")
        case .malformedReply(let detail):
            return KitText.text("kitd sent a reply kitctl does not understand: %s", detail)
        case .refused(let error): return error.message
        case .requestFailed(let detail): return KitText.text("could not send the request: %s", detail)
        }
    }
}
