import KitProtocol
import KitTestSupport
import Testing

/// The method table (`Method.all`) and docs/protocol.md say the same: the same methods, each
/// with the same params, of the same kinds, and the same events.
@Suite("Method table")
struct MethodTableTests {
    let documented: DocumentedMethods

    init() throws { documented = try DocumentedMethods.load() }

    @Test("every declared method is documented, and every documented method is declared, once")
    func sameMethods() {
        let declared = Method.all.map(\.name)
        #expect(Set(declared).count == declared.count, "a method is declared twice")
        for name in declared {
            #expect(documented.entries[name] != nil, "\(name) is declared, but docs/protocol.md has no ### \(name)")
        }
        // That every other heading is an event kitd declares is `MethodTableRouteTests`'.
    }

    @Test("each method takes the params its docs list, no more and no fewer, of the documented kinds")
    func sameParams() {
        for method in Method.all {
            let entry = documented.entry(method.name)
            let schema = method.schema
            if let failure = schema.failure {
                // A rule between members (one of two required) is checked after they are read.
                #expect(
                    failure.contains("keyNotFound") && schema.members.contains { failure.contains("'\($0.name)'") },
                    "\(method): reading its params threw \(failure)")
            }
            #expect(entry.paramsDocumented, "\(method) has no **Params:** paragraph")
            for member in schema.members {
                guard let param = entry.param(member.name) else {
                    Issue.record("\(method) takes \(member.name), which its **Params:** do not list")
                    continue
                }
                #expect(
                    Self.agrees(param.type, member.kind),
                    "\(method) \(member.name): documented as '\(param.type)', read as \(member.kind)")
            }
            for param in entry.params where schema.member(param.name) == nil {
                Issue.record("\(method): its docs list \(param.name), which it does not read")
            }
        }
    }

    @Test("every bound a method's params declare is in its member's row of docs/protocol.md")
    func sameBounds() {
        var bounds = 0
        for method in Method.all {
            for bound in method.bounds {
                bounds += 1
                guard let param = documented.entry(method.name).param(bound.member) else {
                    Issue.record("\(method) bounds \(bound.member), which its docs do not list")
                    continue
                }
                #expect(
                    param.meaning.contains(bound.text) || param.type.contains(bound.text),
                    "\(method) \(bound.member): the docs say '\(param.meaning)', not '\(bound.text)'")
            }
        }
        #expect(bounds >= 6)
    }

    @Test("each method sends the events its docs name")
    func sameEvents() {
        for method in Method.all {
            let entry = documented.entry(method.name)
            guard let events = entry.events else {
                Issue.record("\(method) has no **Events:** paragraph (say 'none.' when it sends none)")
                continue
            }
            #expect(Set(events) == Set(method.events), "\(method): documented \(events), declared \(method.events)")
        }
    }

    /// Whether the documented type says what the params' decoding reads.
    static func agrees(_ type: String, _ kind: ParamsSchema.Kind) -> Bool {
        let type = type.lowercased()
        switch kind {
        case .text: return type.contains("string") || type.contains("timestamp")
        case .instant: return type.contains("timestamp")
        case .integer: return type.contains("integer")
        case .number: return type.contains("number")
        case .boolean: return type.contains("boolean")
        case .ref: return type.contains("integer or string") || type.isEmpty || type == "required"
        case .array(let element): return type.contains("array") && (element != .text || type.contains("string"))
        case .object: return type.contains("object")
        case .unknown: return true
        }
    }
}
