import KitProtocol
import Testing

@testable import KitDaemon

/// kitd answers exactly the methods of the table: a declared method without a handler, or a
/// handler for a method the table lacks, fails here.
@Suite("Method table routes")
struct MethodTableRouteTests {
    @Test("every declared method has a handler, and every handler a declaration")
    func everyMethodRouted() throws {
        let kit = try DrivenDaemon()
        defer { kit.stop() }
        #expect(kit.daemon.router.methods == Method.all.map(\.name).sorted())
    }
}
