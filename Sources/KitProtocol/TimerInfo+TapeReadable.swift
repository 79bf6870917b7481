import KitCore

/// A timer read straight from a reply's tape, member by member, as its synthesized `Decodable`
/// conformance reads it with `JSONDecoder` (an absent or null optional is nil), for the client's
/// commonest reply (`timer.start`). Nil, for `JSONDecoder` to read it and make the error, on
/// anything else: a missing member, a member of another kind, an unknown state, a number
/// `JSONTape` does not read exactly.
extension TimerInfo: TapeReadable {
    public init?(tape: JSONTape, at node: Int) {
        guard tape.nodes[node].kind == .object else { return nil }
        let members = TapeMembers(tape: tape, object: node)
        do throws(TapeMembers.Mismatch) {
            guard let state = State(rawValue: try members.string("state")) else { return nil }
            self.init(
                id: try members.integer("id"), name: try members.optionalString("name"),
                label: try members.string("label"), state: state,
                durationNs: Nanoseconds(try members.integer("durationNs")),
                remainingNs: Nanoseconds(try members.integer("remainingNs")),
                dueAt: try members.optionalString("dueAt"), createdAt: try members.string("createdAt"),
                firedAt: try members.optionalString("firedAt"), cancelledAt: try members.optionalString("cancelledAt"),
                late: try members.optionalBool("late"), sound: try members.optionalString("sound"))
        } catch {
            return nil
        }
    }
}
