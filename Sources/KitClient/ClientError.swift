import KitCore
import KitProtocol

/// Why a client call failed, as a message kitctl says in the user's language.
public enum ClientError: MessageError {
    /// Nothing listens at the socket.
    case notRunning(socket: String, reason: KitMessage)
    /// kitd closed the connection or died mid-call.
    case connectionLost
    case timedOut
    /// kitd sent something that is not a reply kitctl understands.
    case malformedReply(String)
    /// kitd refused the request.
    case refused(RPCError)
    /// The request could not be encoded or sent.
    case requestFailed(String)

    public var kitMessage: KitMessage {
        switch self {
        case .notRunning(let socket, let reason):
            .message(
                "kitd is not running (\(reason) at \(socket)); start it with `systemctl --user start kitd.socket` or run `kitd`"
            )
        case .connectionLost: .message("lost the connection to kitd; is it still running? (`kitctl status`)")
        case .timedOut: .message("kitd did not answer in time")
        case .malformedReply(let detail): .message("kitd sent a reply kitctl does not understand: \(detail)")
        case .refused(let error): error.kitMessage
        case .requestFailed(let detail): .message("could not send the request: \(detail)")
        }
    }
}
