import KitCore
import KitLocalization

/// Commands that take several REFs (`task delete 10 11`, `timer cancel tea pasta`): each is done
/// in turn; one that fails is reported and the others still go, as `rm` does, and kitctl exits
/// with the worst code. When kitd cannot be reached, the command stops there: the others would
/// fail the same way.
enum ManyRefs {
    /// The REFs in the words of a command whose REF may be a title of several words: several ids
    /// (`10 11`, `#10 #11`) are several REFs; any other words are one title (`take out the bins`).
    static func refs(inWords words: [String]) -> [String] {
        let ids = words.filter { if case .id = Reference($0) { true } else { false } }
        return words.count > 1 && ids.count == words.count ? words : [words.joined(separator: " ")]
    }

    /// Runs `body` for each REF; errors are written as they come, and the last one is thrown
    /// after the others ran (with the highest exit code seen). An unreachable kitd
    /// (`CLIError.kitdUnreachable`) is thrown at once.
    static func each(_ refs: [String], _ body: (String) throws -> Void) throws {
        guard refs.count > 1 else {
            if let ref = refs.first { try body(ref) }
            return
        }
        var worst: CLIError?
        for ref in refs {
            do {
                try body(ref)
            } catch let error as CLIError where !error.kitdUnreachable {
                Terminal.writeError("kitctl: \(ref): \(error.message)")
                if worst.map({ error.exitCode > $0.exitCode }) ?? true { worst = error }
            }
        }
        if let worst {
            throw CLIError(message: Localized.text("not every one was done (see above)"), exitCode: worst.exitCode)
        }
    }
}
