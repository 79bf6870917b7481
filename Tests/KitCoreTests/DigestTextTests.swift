import KitCore
import Testing

@Suite("A digest's last line")
struct DigestTextTests {
    @Test("names what the lines above left out, up to forty, and counts only the rest")
    func namesTheRest() {
        #expect(DigestText.rest([], count: 0, see: "x") == nil)
        #expect(DigestText.rest(["a", "b"], count: 2, see: "x") == "… and 2 more: a, b; see x")
        let many = (1...45).map { "t\($0)" }
        let line = DigestText.rest(many, count: 45, see: "x")
        #expect(line?.hasPrefix("… and 45 more: t1, t2, ") == true)
        #expect(line?.hasSuffix("t40, and 5 others; see x") == true)
        #expect(DigestText.rest(["a"], count: 3, see: "x") == "… and 3 more: a, and 2 others; see x")
        #expect(DigestText.rest([], count: 3, see: "x") == "… and 3 more; see x")
    }
}
