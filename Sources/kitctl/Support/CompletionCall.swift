import Glibc
import KitClient
import KitProtocol

/// A request a shell completer makes while the shell waits: to kitd on the socket `--socket`
/// names on the command line, else the usual one. Nil when kitd cannot answer, so that the
/// completer offers nothing (or falls back) instead of failing.
enum CompletionCall {
    static func call<Params, Result>(_ method: RPCMethod<Params, Result>, _ params: Params, words: [String])
        -> Result?
    {
        var explicit: String?
        for (position, word) in words.enumerated() {
            if word == "--socket", position + 1 < words.count { explicit = words[position + 1] }
            if word.hasPrefix("--socket=") { explicit = String(word.dropFirst("--socket=".count)) }
        }
        let path = SocketPath.resolve(explicit: explicit, environment: KitdSocket.environment, uid: getuid())
            .path
        guard let connection = try? KitConnection.connect(to: path) else { return nil }
        return try? connection.call(method, params)
    }
}
